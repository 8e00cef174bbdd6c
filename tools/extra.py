"""Print the requirements of one of pyproject.toml's optional extras, one per line, so a script can
install an extra's tools without reinstalling (and rebuilding) the package:
``python tools/extra.py lint | xargs pip install``."""

import pathlib
import sys

import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def main(name: str) -> int:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    if name not in extras:
        print(f"no extra {name!r}; pyproject.toml has {', '.join(sorted(extras))}", file=sys.stderr)
        return 2
    for req in extras[name]:
        if not req.startswith("trapcore["):
            print(req)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
