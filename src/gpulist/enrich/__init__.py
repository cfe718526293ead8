"""Repository health: stars, archived, last push and license of the GitHub repositories the list points at.

Split by job: `targets` finds the repositories, `graphql` asks GitHub about one batch,
`collect` walks the batches and decides what to do when GitHub says no, `store` reads and
writes data/generated/repos.yml.
"""
