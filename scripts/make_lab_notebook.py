"""Write labs/run_labs.ipynb: the labs on a hosted GPU (Colab, Kaggle) in five cells.

The notebook is made here, with nbformat, rather than edited in a notebook editor, so that its
cells stay the commands CONTRIBUTING gives (tests/labs/test_notebook.py checks both) and a diff
of it reads as a diff of this file. Run `python scripts/make_lab_notebook.py` after changing it.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat import v4

OUT = Path(__file__).resolve().parent.parent / "labs" / "run_labs.ipynb"
RUN = "python labs/run.py --all --out runs/mine"
COMPARE = "python labs/run.py --compare runs/mine.tar.gz"

CELLS = [
    ("markdown", "# Run gpulist's labs on your GPU\n\nEach lab measures one performance effect (bandwidth, "
                 "coalescing, the roofline, launch overhead, ...) on the GPU this notebook runs on, checks every "
                 "kernel against a reference, and writes a record. At the end you get one file, "
                 "`runs/mine.tar.gz`: compare it with the published H200 records here, drop it on any Measured "
                 "section of the site to see your points beside ours, or contribute it.\n\nOn Colab choose "
                 "*Runtime → Change runtime type → GPU*; on Kaggle turn on a GPU accelerator. Set `REPO` to the "
                 "repository this notebook came from."),
    ("code", "REPO = \"https://github.com/OWNER/gpulist\"  # the repository this notebook came from\n"
             "!nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv"),
    ("code", "import os\nif not os.path.exists(\"gpulist\"):\n    !git clone --depth 1 {REPO} gpulist\n"
             "%cd gpulist\n!pip install -q pyyaml nvidia-ml-py"),
    ("code", f"!{RUN}"),
    ("code", f"!{COMPARE}"),
    ("code", "import os\ntry:\n    from google.colab import files  # Colab: download the bundle\n"
             "    files.download(\"runs/mine.tar.gz\")\nexcept ImportError:  # Kaggle: it is under Output\n"
             "    os.makedirs(\"/kaggle/working\", exist_ok=True)\n"
             "    os.system(\"cp runs/mine.tar.gz /kaggle/working/\")"),
]


def notebook() -> nbformat.NotebookNode:
    nb = v4.new_notebook()
    nb.cells = [v4.new_markdown_cell(text) if kind == "markdown" else v4.new_code_cell(text) for kind, text in CELLS]
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i}"  # nbformat draws random ids; fixed ones keep the file as its maker writes it
    nb.metadata = {"accelerator": "GPU", "kernelspec": {"name": "python3", "display_name": "Python 3"},
                   "language_info": {"name": "python"}}
    return nb


def main() -> None:
    nb = notebook()
    nbformat.validate(nb)
    OUT.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
