"""`gpulist new URL`: a correct entry from a link, with its metadata filled in."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpulist.contribute.config import load_config
from gpulist.contribute.new import NewRequest, create
from gpulist.contribute.prompts import Prompter, interactive
from gpulist.load import display_path
from gpulist.problems import Problem


def _tags(value: str) -> list[str]:
    return [t.strip() for t in value.split(",") if t.strip()]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help="add a resource from its URL",
                       description="Create data/resources/<id>.yml from a URL, with metadata from arXiv, GitHub, "
                                   "YouTube or the page itself. On a terminal, asks for what is missing.")
    p.add_argument("url", metavar="URL")
    p.add_argument("--topic", metavar="ID", help="topic id from data/topics.yml")
    p.add_argument("--tier", type=int, choices=(1, 2, 3), help="reading tier within a tiered topic")
    p.add_argument("--group", metavar="ID", help="group within an untiered topic (The Big Picture)")
    p.add_argument("--type", metavar="T", help="paper, blog, video, book, code, docs, course, tool or community")
    p.add_argument("--tags", type=_tags, metavar="A,B", help="comma-separated tags from data/concepts.yml")
    p.add_argument("--title", help="use this title instead of the one found")
    p.add_argument("--id", metavar="ID", help="file name / id (default: from the title)")
    p.add_argument("--offline", action="store_true", help="do not look anything up; write what the URL says")
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    request = NewRequest(url=args.url, data=args.data, topic=args.topic, tier=args.tier, group=args.group,
                         type=args.type, tags=args.tags, title=args.title, id=args.id, fetch=not args.offline)
    ask = Prompter() if interactive() else None
    result = create(request, load_config(), ask)
    for warning in result.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(f"wrote {display_path(result.path)}")
    print(to_fill_lines(result.to_fill), file=sys.stderr)
    return 0


def to_fill_lines(problems: list[Problem]) -> str:
    """The draft's last word: what is left to write, so nobody learns it from a red CI run.

    Errors first (`gpulist validate` fails until they are written), then what `--advice` would
    add; each line is located like validate's, so an editor jumps to the field.
    """
    if not problems:
        return "nothing left to fill: `gpulist validate` passes for it"
    errors = sum(p.is_error for p in problems)
    head = (f"left to fill: {errors} before `gpulist validate` passes" if errors else "left to fill: only advice")
    lines = [f"  {p.path}:{p.line}:{p.col}: {'to fill' if p.is_error else 'advice'}: {p.message} [{p.rule}]"
             for p in problems]
    return "\n".join([head, *lines])
