"""The package's manifest as `swift package dump-package` gives it, for the scripts that read the target graph
(check-imports.py, module-graph.py)."""

import json
import os
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def dump(path=None):
    """The manifest: read from `path` (a saved dump, to look at another commit), else asked of SwiftPM."""
    if path:
        with open(path) as f:
            return json.load(f)
    out = subprocess.run(["swift", "package", "dump-package"], cwd=REPO, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def dependencies(target):
    """Each dependency of a target as (name, is a product of another package)."""
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                yield dependency[kind][0], kind == "product"
