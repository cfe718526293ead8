"""What a solution's source shows it would do to fool the grader, read with ast before it runs.

The timing a score rests on can be fooled: a patched timer, a result cached from an earlier
call, work left on another stream or thread, a library doing the problem. A solution whose
source shows any of them is refused with the line and the reason, and never run. What the source cannot show
(a cache keyed by the input's address, a change to the inputs) the child process checks as it
runs (grading.child). The rules, each a `rule` of a Finding:

    syntax        the file does not parse
    entry         no module-level `def solution(...)`
    import        a module that reaches the grader, the reference, threads, processes or the interpreter
    library       a library that does the whole problem (flash_attn, xformers, ...)
    forbidden     a call the problem forbids (its `forbidden` list: torch.softmax, Tensor.softmax, @)
    reference     the reference, or a file read for a precomputed result
    patch         an attribute of an imported module assigned or deleted (torch.cuda.synchronize = ...)
    dynamic       setattr, getattr, exec, eval, globals(): names the rules above could not see
    stream        another CUDA stream
    cache         state kept between calls: global, nonlocal, lru_cache, a mutable default, a
                  module-level container a function touches, an attribute written from a call

Pure: tested without a GPU on the shipped cheating solutions.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

FORBIDDEN_MODULES = frozenset({
    "threading", "_thread", "multiprocessing", "concurrent", "subprocess", "asyncio", "ctypes", "importlib",
    "builtins", "gc", "inspect", "sys", "os", "pickle", "shelve", "signal", "socket", "pathlib", "shutil", "io",
    "harness", "grading", "practice", "problems", "reference", "run", "joblib", "dill", "marshal",
})
LIBRARIES = frozenset({"flash_attn", "xformers", "apex", "liger_kernel", "transformer_engine", "flashinfer",
                       "vllm", "deepspeed", "bitsandbytes", "torchao", "cutlass", "thunderkittens"})
DYNAMIC = frozenset({"setattr", "delattr", "getattr", "exec", "eval", "compile", "globals", "locals", "vars",
                     "__import__", "__builtins__", "open", "breakpoint", "__dict__", "__globals__", "__code__",
                     "__closure__", "__class__", "__subclasses__", "__getattribute__"})
STREAMS = frozenset({"Stream", "ExternalStream", "set_stream", "stream", "StreamContext", "default_stream"})
CACHES = frozenset({"lru_cache", "cache", "cached_property", "memoize", "cached"})
MUTABLE_CALLS = frozenset({"dict", "list", "set", "defaultdict", "OrderedDict", "WeakKeyDictionary",
                           "WeakValueDictionary", "deque", "Counter"})


@dataclass(frozen=True, order=True)
class Finding:
    line: int
    rule: str
    message: str

    def says(self, path: str) -> str:
        return f"{path}:{self.line}: {self.message} [{self.rule}]"


def inspect_source(source: str, forbidden: list[str] | tuple[str, ...] = ()) -> list[Finding]:
    """Every reason to refuse the solution unrun, in line order (none: it may be run)."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        return [Finding(exc.lineno or 1, "syntax", f"the solution does not parse: {exc.msg}")]
    modules = set(module_aliases(tree))
    found = [*_entry(tree), *_imports(tree), *_calls(tree, set(forbidden)), *_patches(tree, modules),
             *_caches(tree, modules)]
    return sorted(set(found))


def _entry(tree: ast.Module) -> list[Finding]:
    if any(isinstance(n, ast.FunctionDef) and n.name == "solution" for n in tree.body):
        return []
    return [Finding(1, "entry", "the solution defines no module-level function `solution(...)`")]


def _imports(tree: ast.Module) -> list[Finding]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            mods = [("." * node.level) + (node.module or "")] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        for mod in mods:
            top = mod.lstrip(".").split(".")[0]
            if mod.startswith(".") or top in FORBIDDEN_MODULES:
                found.append(Finding(node.lineno, "import", f"imports {mod}, which a solution may not use: it "
                                     "reaches the grader, the reference, threads, files or the interpreter"))
            elif top in LIBRARIES:
                found.append(Finding(node.lineno, "library", f"imports {mod}, a library that would do the problem "
                                     "for you"))
    return found


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    if isinstance(node, ast.Call):
        return f"{_dotted(node.func)}()"
    return "(...)"


def _root(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def module_aliases(tree: ast.Module) -> dict[str, str]:
    """Each name an import binds and the module or member it is (`F` -> torch.nn.functional)."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update({a.asname or a.name.split(".")[0]: a.name if a.asname else a.name.split(".")[0]
                          for a in node.names})
        elif isinstance(node, ast.ImportFrom):
            found.update({a.asname or a.name: f"{node.module}.{a.name}" for a in node.names})
    return found


def forbidden_use(node: ast.AST, forbidden: set[str], aliases: dict[str, str]) -> str | None:
    """The entry of the problem's `forbidden` list this node uses, if any.

    `torch.softmax` forbids any attribute `softmax` reached from an import of torch (F.softmax as
    well); `Tensor.softmax` the method on a value; `@` the matmul operator. Triton's own `tl.sum`
    is never caught by `torch.sum`."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
        return "@" if "@" in forbidden else None
    if isinstance(node, ast.ImportFrom):
        for alias in node.names:
            hit = _owned(f"{node.module}", alias.name, forbidden)
            if hit:
                return hit
        return None
    if not isinstance(node, ast.Attribute):
        return None
    module = aliases.get(_root(node) or "")
    return _owned(module, node.attr, forbidden) if module else (
        f"Tensor.{node.attr}" if f"Tensor.{node.attr}" in forbidden else None)


def _owned(module: str, name: str, forbidden: set[str]) -> str | None:
    for entry in forbidden:
        owner, _, member = entry.rpartition(".")
        if member == name and owner != "Tensor" and owner.split(".")[0] == module.split(".")[0]:
            return entry
    return None


def in_kernels(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside @triton.jit functions, whose tensors are Triton's: `x.sum(0)`
    there is Triton's own reduction, never the Tensor.sum a problem forbids."""
    inside: set[int] = set()
    for func in ast.walk(tree):
        if isinstance(func, ast.FunctionDef) and any(
                _dotted(d.func if isinstance(d, ast.Call) else d).split(".")[-1] == "jit" for d in func.decorator_list):
            inside.update(id(node) for node in ast.walk(func))
    return inside


def _calls(tree: ast.Module, forbidden: set[str]) -> list[Finding]:
    """Names and attributes: the problem's forbidden calls, the reference, dynamic access, streams."""
    found, aliases, kernels = [], module_aliases(tree), in_kernels(tree)
    for node in ast.walk(tree):
        hit = forbidden_use(node, forbidden, aliases)
        if hit and hit.startswith("Tensor.") and id(node) in kernels:
            hit = None
        if hit:
            found.append(Finding(node.lineno, "forbidden", f"uses {hit}, which this problem forbids: the point is "
                                 "to write that kernel"))
            continue
        name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
        if name is None:
            continue
        if "reference" in name.lower():
            found.append(Finding(node.lineno, "reference", f"names {name}: a solution may not call the reference"))
        elif name in DYNAMIC:
            found.append(Finding(node.lineno, "dynamic", f"uses {name}, which can reach names and files the "
                                 "grader cannot check"))
        elif name in STREAMS and isinstance(node, ast.Attribute):
            found.append(Finding(node.lineno, "stream", f"uses {_dotted(node)}: work on another stream escapes the "
                                 "timer, which records on the current one"))
    return found


def _patches(tree: ast.Module, modules: set[str]) -> list[Finding]:
    """Assignments to attributes of imported modules: patched timers, synchronisation, libraries."""
    found = []
    for node in ast.walk(tree):
        targets = (node.targets if isinstance(node, (ast.Assign, ast.Delete)) else
                   [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        for target in targets:
            if isinstance(target, (ast.Attribute, ast.Subscript)) and _root(target) in modules:
                found.append(Finding(node.lineno, "patch", f"changes {_dotted(target)}: a solution may not patch "
                                     "or wrap a library, its timer or its synchronisation"))
    return found


def _caches(tree: ast.Module, modules: set[str]) -> list[Finding]:
    """State that outlives a call: what lets a solution return a result it computed before."""
    found = []
    containers = {t.id: node.lineno for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                  and _mutable(node.value) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                  if isinstance(t, ast.Name)}
    for func in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))):
        found += _function_state(func, containers, modules)
    return found


def _mutable(value: ast.AST | None) -> bool:
    if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)):
        return True
    return isinstance(value, ast.Call) and _dotted(value.func).split(".")[-1] in MUTABLE_CALLS


def _function_state(func: ast.AST, containers: dict[str, int], modules: set[str]) -> list[Finding]:
    found = []
    args = func.args
    for default in [*args.defaults, *args.kw_defaults]:
        if default is not None and _mutable(default):
            found.append(Finding(default.lineno, "cache", "a mutable default argument keeps state between calls"))
    for deco in getattr(func, "decorator_list", []):
        if _dotted(deco.func if isinstance(deco, ast.Call) else deco).split(".")[-1] in CACHES:
            found.append(Finding(deco.lineno, "cache", f"@{_dotted(deco)} returns a result kept from an earlier call"))
    local = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg] if a}
    body = func.body if isinstance(func.body, list) else [func.body]
    for node in (n for stmt in body for n in ast.walk(stmt)):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            found.append(Finding(node.lineno, "cache", f"`{type(node).__name__.lower()} {', '.join(node.names)}` keeps "
                                 "state between calls"))
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            local.add(node.id)
    for node in (n for stmt in body for n in ast.walk(stmt)):
        if isinstance(node, ast.Name) and node.id in containers and node.id not in local:
            found.append(Finding(node.lineno, "cache", f"touches {node.id}, a module-level container (line "
                                 f"{containers[node.id]}): state kept between calls"))
        elif (isinstance(node, (ast.Assign, ast.AugAssign)) and any(
                isinstance(t, ast.Attribute) and _root(t) not in local | modules for t in _targets(node))):
            found.append(Finding(node.lineno, "cache", "writes an attribute of something outside the call: state "
                                 "kept between calls"))
    return found


def _targets(node: ast.Assign | ast.AugAssign) -> list[ast.AST]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]
