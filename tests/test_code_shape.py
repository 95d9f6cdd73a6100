"""The shape of the code in game/ (issue 14): small classes and functions, no import cycle, the layers kept.

Read from the source with ``ast`` (nothing is imported, so the test is fast
and sees every module, pygame or not):

- no class over :data:`MAX_CLASS` lines and no function or method over
  :data:`MAX_FUNCTION` lines, counted from the ``class``/``def`` line to the
  last line of its body;
- no import cycle among game's modules. **What counts:** the imports a module
  runs when it is loaded: every ``import``/``from ... import`` at module
  level, including those inside a module-level ``if`` or ``try``, except an
  ``if TYPE_CHECKING:`` block (type hints only, never run). An import inside
  a function is not counted here: it runs when the function is called, never
  while the modules load. ``from package import name`` counts as an import of the
  submodule ``package.name`` when there is one, else of the package; the
  implicit import of a module's parent packages is not counted;
- no import inside a function that closes a loop (issue 27): ``a`` importing
  ``b`` in a function while ``b`` reaches ``a`` again through the imports of the
  modules, at load time and in functions both, is a cycle the check above
  cannot see. One kept for start-up time or an optional dependency is named in
  :data:`LATE_LOOPS_ALLOWED` with that reason and says ``# late: <reason>``;
- every import inside a function says why it is late (issue 27): a ``# late: <reason>`` comment on its
  first line or on the comment line just above it (start-up time, optional dependency, layering, a name
  clash, tests patching it); any other import belongs at the top of its module;
- each battle-screen helper keeps to its door (issue 27): of the scene it is handed through a Protocol
  (``sc: ResultScene``) it uses only the members the Protocol declares, and it writes no other object's
  attribute (``x.y = ...``, x not ``self``) unless x is that scene and y a settable attribute of its Protocol
  (a plain annotation; what the helper only reads is declared as a ``@property``):
  the owner of the field gets a method (``BoardScene.show``, ``EventPlayer.forget_shadow``);
- no module writes another object's private names (``x._foo = ...`` with ``x``
  not ``self``/``cls``; issue 27): the owner gets a method instead;
- the layer rule: nothing outside ``game/ui`` imports pygame, pygame_gui or
  ``game.ui``, except the commands that open a window (``game/commands/play.py``,
  ``game/commands/screenshot.py``). Here every import counts, inside
  functions too: a late import of pygame in the rules is still a rules module
  that needs pygame.

The allow-lists name what is still too long, each with why; the aim is
empty lists. An entry that is no longer an offender is reported as a warning
naming it, so the lists only shrink.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

MAX_CLASS = 400
MAX_FUNCTION = 80

#: classes still over MAX_CLASS lines ("module:Class"), and why
CLASS_ALLOWED: dict[str, str] = {}

#: functions still over MAX_FUNCTION lines, and why: "function" or "Class.method" (in any module, so an entry
#: survives the function moving to another module, as maps.py's loaders are moving now) or "module:function"
FUNCTION_ALLOWED: dict[str, str] = {}

#: import cycles still allowed (each a sorted tuple of module names), and why
CYCLES_ALLOWED: dict[tuple[str, ...], str] = {}

#: in-function imports kept although they close a loop ("importer -> imported"), each with its reason: only
#: start-up time or an optional dependency ("start-up time: ..." / "optional dependency: ..."), and the import
#: line itself carries a ``# late: <reason>`` comment
LATE_LOOPS_ALLOWED: dict[str, str] = {}

#: packages (or single "a -> b" imports) whose late loops another part of issue 27 is breaking today (27b: a ruleset handed to its actions
#: instead of looked up by id); the list ends empty when that work lands
LATE_LOOPS_PENDING: dict[str, str] = {}

#: writes of another object's private name (``x._foo = ...``, ``x is not self/cls``) still allowed, and why:
#: "module: target" as ``ast.unparse`` writes it
PRIVATE_WRITES_ALLOWED: dict[str, str] = {}

#: battle-screen helpers' steps past their Protocol's door (``module:line`` -> why; see :func:`door_breaches`)
HELPER_BREACHES_ALLOWED: dict[str, str] = {}

#: modules outside game/ui that may import pygame or game.ui: the commands that open a window
UI_COMMANDS = frozenset({"game.commands.play", "game.commands.screenshot", "game.commands.join"})  # join: the window too
UI_PACKAGES = ("pygame", "pygame_gui", "game.ui")


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    tree: ast.Module

    @property
    def is_package(self) -> bool:
        return self.path.name == "__init__.py"


@cache
def modules() -> dict[str, Module]:
    """Every module of game/, by dotted name, parsed."""
    out: dict[str, Module] = {}
    for path in sorted(GAME.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        out[name] = Module(name, path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    return out


def _sizes(node: ast.AST, prefix: str = "") -> Iterator[tuple[str, str, int]]:
    """("class" | "function", qualified name, lines) for every class and function under ``node``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            kind = "class" if isinstance(child, ast.ClassDef) else "function"
            qual = prefix + child.name
            yield kind, qual, (child.end_lineno or child.lineno) - child.lineno + 1
            yield from _sizes(child, qual + ".")
        else:
            yield from _sizes(child, prefix)


def _too_long(kind: str, limit: int) -> dict[str, int]:
    return {f"{m.name}:{qual}": n for m in modules().values() for k, qual, n in _sizes(m.tree)
            if k == kind and n > limit}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _targets(module: Module, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dotted names an import statement imports (absolute; a name of a submodule when there is one)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = module.name.split(".")
        if not module.is_package:
            base = base[:-1]
        base = base[:len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    known = modules()
    return [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in known else prefix for a in node.names]


def _load_time_imports(module: Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports that run when the module loads: module level, ``if``/``try`` included, TYPE_CHECKING not."""
    def walk(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
        for node in body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                yield node
            elif isinstance(node, ast.If):
                if not _is_type_checking(node.test):
                    yield from walk(node.body)
                yield from walk(node.orelse)
            elif isinstance(node, ast.Try):
                yield from walk(node.body)
                for handler in node.handlers:
                    yield from walk(handler.body)
                yield from walk(node.orelse)
                yield from walk(node.finalbody)
    yield from walk(module.tree.body)


def _own(name: str) -> str | None:
    """The game module ``name`` is, or lives in (its nearest known ancestor); ``None`` outside game."""
    known = modules()
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def import_graph() -> dict[str, set[str]]:
    """Module -> the game modules it imports when it loads (see the module docstring for what counts)."""
    graph: dict[str, set[str]] = {name: set() for name in modules()}
    for m in modules().values():
        for node in _load_time_imports(m):
            for target in _targets(m, node):
                own = _own(target)
                if own is not None and own != m.name:
                    graph[m.name].add(own)
    return graph


def _function_imports(module: Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports inside a function or method: run when it is called, never while the module loads."""
    def walk(node: ast.AST, inside: bool) -> Iterator[ast.Import | ast.ImportFrom]:
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, ast.Import | ast.ImportFrom):
                yield child
            yield from walk(child, inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))
    yield from walk(module.tree, False)


def late_graph() -> dict[str, dict[str, list[int]]]:
    """Module -> the game modules it imports inside functions -> the lines of those imports."""
    graph: dict[str, dict[str, list[int]]] = {name: {} for name in modules()}
    for m in modules().values():
        for node in _function_imports(m):
            for target in _targets(m, node):
                own = _own(target)
                if own is not None and own != m.name:
                    graph[m.name].setdefault(own, []).append(node.lineno)
    return graph


def closing_imports(load: dict[str, set[str]], late: dict[str, dict[str, list[int]]]) -> dict[str, list[int]]:
    """The late imports ``a -> b`` that close a loop: ``b`` reaches ``a`` again through the imports of the
    modules, those run at load time and those inside functions both (a late import hides a loop from
    :func:`cycles`, it does not remove it). Keys ``"a -> b"``, values the lines of ``a``'s imports of ``b``."""
    full = {v: set(load.get(v, ())) | set(late.get(v, ())) for v in set(load) | set(late)}
    reach: dict[str, set[str]] = {}

    def reached(src: str) -> set[str]:
        if src not in reach:
            seen, todo = {src}, [src]
            while todo:
                for w in full.get(todo.pop(), ()):
                    if w not in seen:
                        seen.add(w)
                        todo.append(w)
            reach[src] = seen
        return reach[src]

    return {f"{a} -> {b}": sorted(lines) for a, targets in late.items() for b, lines in targets.items()
            if a in reached(b)}


def private_writes() -> dict[str, int]:
    """``module:target`` -> line for every assignment (``=``, ``+=``, annotated, ``del``) to another object's
    private name: ``x._foo`` or ``x._foo[k]`` where ``x`` is not bare ``self``/``cls`` (``self.board._press``
    writes the board's private name, not the scene's)."""
    found: dict[str, int] = {}
    for m in modules().values():
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Assign | ast.Delete):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            else:
                continue
            for target in targets:
                for x in ast.walk(target):
                    if (isinstance(x, ast.Attribute) and x.attr.startswith("_") and not x.attr.startswith("__")
                            and not (isinstance(x.value, ast.Name) and x.value.id in ("self", "cls"))):
                        found.setdefault(f"{m.name}:{ast.unparse(x)}", x.lineno)
    return found


def _protocols(trees: list[ast.Module]) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Every ``class X(Protocol)`` in ``trees``: its name -> (the members it declares, the settable ones). A plain
    annotation (``board: BoardScene``) is a settable attribute; a method or a ``@property`` is not. Members of
    a Protocol it extends count too."""
    found: dict[str, tuple[set[str], set[str], list[str]]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
            if "Protocol" not in bases:
                continue
            members: set[str] = set()
            settable: set[str] = set()
            for s in node.body:
                if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name):
                    members.add(s.target.id)
                    settable.add(s.target.id)
                elif isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef):
                    members.add(s.name)
            found[node.name] = (members, settable, [b for b in bases if b != "Protocol"])
    out = {}
    for name, (members, settable, bases) in found.items():
        for b in bases:
            if b in found:
                members, settable = members | found[b][0], settable | found[b][1]
        out[name] = (frozenset(members), frozenset(settable))
    return out


def _annotation_name(a: ast.expr | None) -> str | None:
    if isinstance(a, ast.Constant) and isinstance(a.value, str):
        return a.value
    if isinstance(a, ast.Name):
        return a.id
    return None


def door_breaches(tree: ast.Module, protocols: dict[str, tuple[frozenset[str], frozenset[str]]]) -> set[str]:
    """Where a helper steps past its door (issue 27). A helper is a function with a parameter annotated with
    a Protocol (``sc: ResultScene``), or a method of a class whose ``__init__`` keeps such a parameter on
    ``self``; the scene is that parameter, ``self.<kept>`` and any name assigned from them (``sc = self.scene``).
    Found: a member of the scene its Protocol does not declare (``sc.board`` read, ``sc.x()`` called), and
    any write of another object's attribute (``x.y = ...``, ``+=``, ``del``; x not ``self``) unless x is the
    scene and y a settable attribute of its Protocol (``sc.board.battle = s``, ``box.roll = None`` are
    found: the owner gets a method). Each as "line: what"."""
    kept: dict[int, dict[str, str]] = {}  # id(method) -> the scene expressions its class keeps on self
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        selfs: dict[str, str] = {}
        for init in cls.body:
            if isinstance(init, ast.FunctionDef) and init.name == "__init__":
                params = {a.arg: _annotation_name(a.annotation) for a in init.args.args + init.args.kwonlyargs}
                for s in ast.walk(init):
                    if (isinstance(s, ast.Assign) and isinstance(s.value, ast.Name)
                            and params.get(s.value.id) in protocols):
                        selfs.update({ast.unparse(t): params[s.value.id] for t in s.targets})
        for m in cls.body:
            kept[id(m)] = selfs
    found: set[str] = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        scenes = dict(kept.get(id(fn), {}))
        for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs:
            if _annotation_name(a.annotation) in protocols:
                scenes[a.arg] = _annotation_name(a.annotation)
        if not scenes:
            continue
        for s in ast.walk(fn):
            if (isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
                    and ast.unparse(s.value) in scenes):
                scenes[s.targets[0].id] = scenes[ast.unparse(s.value)]
        for x in ast.walk(fn):
            if not isinstance(x, ast.Attribute):
                continue
            owner = ast.unparse(x.value)
            proto = scenes.get(owner)
            if proto is not None and x.attr not in protocols[proto][0]:
                found.add(f"{x.lineno}: {owner}.{x.attr} is not in {proto}")
            if isinstance(x.ctx, ast.Store | ast.Del) and owner != "self" and not (
                    proto is not None and x.attr in protocols[proto][1]):
                found.add(f"{x.lineno}: writes {ast.unparse(x)}")
    return found


@cache
def helper_breaches() -> dict[str, str]:
    """``module:line`` -> what, for :func:`door_breaches` over every module of game/ui, with game/ui's
    Protocols (the screens' doors; the AI's and the flow's own Protocols are not scenes' doors)."""
    ui = [m for m in modules().values() if m.name.startswith("game.ui.")]
    protocols = _protocols([m.tree for m in ui])
    out: dict[str, str] = {}
    for m in ui:
        for b in door_breaches(m.tree, protocols):
            line, _, what = b.partition(": ")
            out[f"{m.name}:{line}"] = what
    return out


def cycles(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[tuple[str, ...]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(tuple(sorted(comp)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _check_allowed(found: dict, allowed: dict, what: str) -> None:
    """Every offender is allowed (by its full key, or for "module:name" keys by the name alone); an entry
    no longer needed is a warning naming it (not a failure: whoever splits a function may not be the one
    who edits this list, and CI stays green), so the lists shrink."""
    def listed(key: object) -> object | None:
        if key in allowed:
            return key
        name = key.partition(":")[2] if isinstance(key, str) else None
        return name if name in allowed else None

    new = {k: v for k, v in found.items() if listed(k) is None}
    assert not new, f"{what}: {new} (split them, or name each in the allow-list with why)"
    gone = sorted(k for k in allowed if k not in {listed(f) for f in found})
    if gone:
        warnings.warn(f"no longer {what}: {gone}; remove them from the allow-list in {Path(__file__).name}",
                      stacklevel=2)


def test_no_class_over_400_lines() -> None:
    _check_allowed(_too_long("class", MAX_CLASS), CLASS_ALLOWED, f"classes over {MAX_CLASS} lines")


def test_no_function_over_80_lines() -> None:
    _check_allowed(_too_long("function", MAX_FUNCTION), FUNCTION_ALLOWED, f"functions over {MAX_FUNCTION} lines")


def test_no_import_cycle_among_game_modules() -> None:
    _check_allowed({c: True for c in cycles(import_graph())}, CYCLES_ALLOWED, "import cycles")


def test_the_cycles_issue_14_named_stay_broken_counting_late_imports_too() -> None:
    """dice <-> rules/common, saves <-> turns (private names), edge/basic <-> edge/grapple, d20/attack <->
    d20/mounted: neither of each pair imports the other at load time, and only the controller's autosave
    reaches saves late (``game.flow.autosave``); nothing imports a private name of turns or of the other."""
    def imports_of(name: str, *, late: bool) -> set[str]:
        m = modules()[name]
        nodes = [n for n in ast.walk(m.tree) if isinstance(n, ast.Import | ast.ImportFrom)] if late \
            else list(_load_time_imports(m))
        return {own for n in nodes for t in _targets(m, n) if (own := _own(t)) is not None}

    for a, b in [("game.dice", "game.rules.common"), ("game.rules.edge.basic", "game.rules.edge.grapple"),
                 ("game.rules.d20.attack", "game.rules.d20.mounted")]:
        assert not (b in imports_of(a, late=True) and a in imports_of(b, late=True)), (a, b)
    assert "game.files.saves" not in imports_of("game.flow.turns", late=True)
    assert "game.files.saves" not in imports_of("game.flow.autosave", late=False)
    private = [(m.name, a.name) for m in modules().values() for n in ast.walk(m.tree)
               if isinstance(n, ast.ImportFrom) and n.module in ("game.flow.turns", "game.rules.edge.grapple")
               for a in n.names if a.name.startswith("_")]
    assert not private, f"private names imported across modules: {private}"


def _pending(key: str) -> bool:
    importer = key.partition(" -> ")[0]
    return key in LATE_LOOPS_PENDING or any(importer == p or importer.startswith(p + ".") for p in LATE_LOOPS_PENDING)


def test_no_in_function_import_closes_a_loop() -> None:
    """Issue 27: an import inside a function that closes a loop of the module graph (load-time and in-function
    imports both) is a cycle hidden from :func:`cycles`; break it by moving what both sides need downwards or
    by passing it in. One kept for start-up time or an optional dependency is named in LATE_LOOPS_ALLOWED with
    that reason, and its import line says ``# late: <reason>``."""
    found = {k: v for k, v in closing_imports(import_graph(), late_graph()).items() if not _pending(k)}
    _check_allowed(found, LATE_LOOPS_ALLOWED, "in-function imports that close a loop")
    for key, reason in LATE_LOOPS_ALLOWED.items():
        assert reason.startswith(("start-up time:", "optional dependency:")), f"{key}: {reason!r}"
        if key in found:
            lines = modules()[key.partition(" -> ")[0]].path.read_text(encoding="utf-8").splitlines()
            bare = [n for n in found[key] if "# late:" not in lines[n - 1]]
            assert not bare, f"{key}: the import on line(s) {bare} has no '# late: <reason>' comment"


def _says_why(lines: list[str], node: ast.stmt) -> bool:
    """``# late: <reason>`` on the import's first line, or on a comment line just above it (where ruff's
    isort leaves it when it wraps a long import)."""
    own = lines[node.lineno - 1]
    above = lines[node.lineno - 2].strip() if node.lineno >= 2 else ""
    candidates = [own] + ([above] if above.startswith("#") else [])
    return any("# late:" in text and text.partition("# late:")[2].strip() for text in candidates)


def test_every_in_function_import_says_why_it_is_late() -> None:
    """Issue 27: an import inside a function hides what a module needs from the module graph; one is kept only
    where it buys something (start-up time, an optional dependency, the layers, tests that patch the name), and
    says which beside it. The rest are at the top of their module."""
    bare = []
    for m in modules().values():
        lines = m.path.read_text(encoding="utf-8").splitlines()
        bare += [f"{m.path.relative_to(ROOT)}:{n.lineno}" for n in _function_imports(m) if not _says_why(lines, n)]
    assert not bare, f"in-function imports with no '# late: <reason>' comment (move them to the top): {bare}"


def test_the_late_reason_finder_reads_both_places() -> None:
    """The checker itself: a reason on the import's line, or on the comment line above, counts; an empty one,
    or one on a line of code above, does not."""
    source = ("def f():\n    # late: start-up time\n    import a\n    import b  # late: layering\n"
              "    import c  # late:\n    x = 1  # late: not a comment line\n    import d\n")
    lines = source.splitlines()
    body = ast.parse(source).body[0].body  # type: ignore[attr-defined]
    assert [_says_why(lines, n) for n in body if isinstance(n, ast.Import)] == [True, True, False, False]


def test_no_module_writes_another_objects_private_names() -> None:
    """Issue 27: ``x._foo = ...`` (x not self/cls) reaches into another room; give the owner a method instead."""
    _check_allowed(private_writes(), PRIVATE_WRITES_ALLOWED, "writes of another object's private names")


def test_helpers_keep_to_their_doors() -> None:
    """Issue 27: a battle-screen helper (battle_results, battle_commands, battle_input, battle_menus, aim_view,
    lesson_panel, the HUD's rescale, the crowd picker, net_session, handover) uses of its scene only what its
    Protocol declares, and changes another object only through a method of it or a settable attribute its
    Protocol declares."""
    _check_allowed(helper_breaches(), HELPER_BREACHES_ALLOWED, "helpers past their Protocol's door")


def test_every_battle_scene_helper_has_a_door() -> None:
    """The helpers named in issue 27 each take their scene through a Protocol (not ``Any``), so the check above
    reads them at all."""
    protocols = _protocols([m.tree for m in modules().values() if m.name.startswith("game.ui.")])
    for name in ("battle_results", "battle_commands", "battle_input", "battle_menus", "aim_view", "lesson_panel",
                 "crowd_picker", "hud.rescale", "net_session", "handover"):
        tree = modules()[f"game.ui.{name}"].tree
        typed = {_annotation_name(a.annotation) for fn in ast.walk(tree)
                 if isinstance(fn, ast.FunctionDef) for a in fn.args.args}
        assert typed & set(protocols), f"game/ui/{name.replace('.', '/')}.py takes no scene through a Protocol"


def test_the_door_finder_finds_what_it_should() -> None:
    """The checker itself: an undeclared member, a write through the scene to another object, a write of a
    local object's field and a write of an unsettable member are found; declared reads, calls and settable
    writes, and the helper's own fields, are not."""
    source = (
        "class Door(Protocol):\n    board: Any\n    def toast(self, t): ...\n    @property\n    def mode(self): ...\n"
        "def f(sc: Door, box):\n    sc.board.show(1)\n    sc.toast('x')\n    sc.board = 2\n    sc.log.add(3)\n"
        "    sc.board.battle = 4\n    box.roll = 5\n    sc.mode = 6\n"
        "class H:\n    def __init__(self, scene: Door):\n        self.scene = scene\n        self.n = 0\n"
        "    def g(self):\n        s = self.scene\n        s.hidden()\n        self.n += 1\n"
        "def free(box):\n    box.roll = 7\n")
    tree = ast.parse(source)
    assert door_breaches(tree, _protocols([tree])) == {
        "10: sc.log is not in Door", "11: writes sc.board.battle", "12: writes box.roll",
        "13: writes sc.mode", "20: s.hidden is not in Door"}


def test_the_loop_finders_find_what_they_should() -> None:
    """The checkers themselves: a late import closing a loop (directly or through another late import) is
    found, one that does not close a loop is not; a private write through an attribute chain is found."""
    load = {"a": {"b"}, "b": set(), "c": set(), "d": {"c"}}
    late = {"b": {"a": [3]}, "c": {"x": [5]}, "x": {"d": [9]}, "a": {}, "d": {}}
    assert closing_imports(load, late) == {"b -> a": [3], "c -> x": [5], "x -> d": [9]}
    assert closing_imports({"a": {"b"}, "b": set()}, {"a": {}, "b": {"c": [1]}, "c": {}}) == {}
    tree = ast.parse("self._a = 1\nself.board._b = 2\nother._c[k] = 3\nx.y = 4\n")
    names = {ast.unparse(x) for n in ast.walk(tree) if isinstance(n, ast.Assign) for t in n.targets
             for x in ast.walk(t) if isinstance(x, ast.Attribute) and x.attr.startswith("_")
             and not (isinstance(x.value, ast.Name) and x.value.id in ("self", "cls"))}
    assert names == {"self.board._b", "other._c"}


@pytest.mark.parametrize("module", sorted(modules()))
def test_layers_nothing_below_the_ui_imports_pygame_or_the_ui(module: str) -> None:
    """Only game/ui and the commands that open a window import pygame, pygame_gui or game.ui (at any depth)."""
    m = modules()[module]
    if module == "game.ui" or module.startswith("game.ui.") or module in UI_COMMANDS:
        return
    bad = sorted({t for n in ast.walk(m.tree) if isinstance(n, ast.Import | ast.ImportFrom)
                  for t in _targets(m, n) if any(t == p or t.startswith(p + ".") for p in UI_PACKAGES)})
    assert not bad, f"{m.path.relative_to(ROOT)} imports {bad}: only game/ui (and play, screenshot) may"


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The checker itself: a two-module and a three-module cycle are found, a chain is not."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [("a", "b")]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [("a", "b", "c")]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
