from __future__ import annotations

from gpulist.enrich.targets import repo_targets
from gpulist.load import load_catalog


def test_repos_come_from_urls_and_links_once_each_sorted(make_data) -> None:
    root = make_data({
        "cutlass": {"title": "CUTLASS", "url": "https://github.com/NVIDIA/cutlass",
                    "links": [{"title": "mirror", "url": "https://github.com/nvidia/cutlass/"}]},
        "fa2": {"title": "FA2 paper", "url": "https://arxiv.org/abs/2307.08691", "type": "paper",
                "links": [{"title": "code", "url": "https://github.com/Dao-AILab/flash-attention"}]},
        "issue": {"title": "An issue", "url": "https://github.com/a/b/issues/1"},
        "blog": {"title": "A blog", "url": "https://example.com/post", "type": "blog"},
    })
    catalog, problems = load_catalog(root)
    assert problems == []
    assert repo_targets(catalog) == ["dao-ailab/flash-attention", "nvidia/cutlass"]
