"""Contributing: turning a URL or a Markdown list into catalog entries, and keeping files canonical.

Everything here writes files under data/, so everything here goes through `fmt.render` and
`files.write_new`: one canonical layout, one atomic, never-overwriting write.
"""
