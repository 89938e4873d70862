"""The service's rooms and the one rule between them: a room imports only from the
rooms below it, and no modules import each other in a circle (service/__init__.py
names the rooms and what each owns)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SERVICE = Path(__file__).resolve().parent.parent / "service"
# Lowest first: the shared errors, then each room.
ROOMS = ("errors", "store", "usecases", "reads", "records", "web", "cli")


def module_of(path: Path) -> str:
    parts = path.relative_to(SERVICE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def room_of(module: str) -> str:
    return module.split(".")[1] if module.count(".") else "service"


def service_imports(path: Path) -> set[str]:
    """Every service module a file imports, at the top or inside a function or a
    TYPE_CHECKING block (a type is a tie too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "service" or node.module.startswith("service."):
                for alias in node.names:
                    candidate = f"{node.module}.{alias.name}"
                    found.add(candidate if candidate in MODULES else node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("service.")}
    return found


MODULES = {module_of(path): path for path in SERVICE.rglob("*.py")}
GRAPH = {module: service_imports(path) - {module} for module, path in MODULES.items()}


def test_every_module_stands_in_a_room():
    """Nothing stands loose at the top but the shared errors and the package's face."""
    loose = {module for module in MODULES if room_of(module) not in ROOMS and module != "service"}
    assert loose == set()


@pytest.mark.parametrize("room", ROOMS[1:])
def test_every_room_says_what_it_owns_and_may_import(room):
    docstring = ast.get_docstring(ast.parse((SERVICE / room / "__init__.py").read_text()))
    assert docstring and "mports" in docstring


def test_no_room_imports_a_room_above_it():
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        if module != "service"
        for target in targets
        if target != "service" and ROOMS.index(room_of(target)) > ROOMS.index(room_of(module))
    )
    assert upward == []


def test_no_import_circle():
    circles = []
    state: dict[str, int] = {}

    def visit(module: str, trail: list[str]) -> None:
        state[module] = 1
        for target in sorted(GRAPH.get(module, ())):
            if state.get(target) == 1:
                circles.append(" -> ".join(trail[trail.index(target):] + [target]))
            elif target not in state:
                visit(target, trail + [target])
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module, [module])
    assert circles == []


def test_the_rule_sees_an_upward_import(tmp_path):
    """The check itself: a store module importing a route is found."""
    file = tmp_path / "probe.py"
    file.write_text("from service.web import routes\n")
    assert "service.web.routes" in service_imports(file)
