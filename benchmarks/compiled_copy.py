"""A copy of this tree with the hot modules of plain play compiled, to measure what
compiling them gives (docs/benchmarks-history.md, "Fifth round"). Nothing here is installed
or shipped: the copy is a directory to put on PYTHONPATH.

    pip install mypy cython        # a C compiler is needed too
    python benchmarks/compiled_copy.py /tmp/pm-mypyc --with mypyc
    python benchmarks/compiled_copy.py /tmp/pm-cython --with cython
    PYTHONPATH=/tmp/pm-mypyc python -m pmtui simulate --games 1000 --seed 1 --jobs 1 --json
    cd /tmp/pm-mypyc && python benchmarks/bench_games.py --games 200 --hash-games 20

The copy is of the committed tree (`git archive HEAD`), so uncommitted edits are not
in it. Cython compiles the modules as they are (pure-Python mode); mypyc needs them
to type-check under mypy and compiles their classes to native ones. Give each copy a
`PMTUI_CACHE_DIR` of its own when runs alternate: the card-pool cache holds pickled
classes of the modules that built it.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What a random game of the default ruleset runs through, from the profile: the
# engine's step and fold, the random player, and the rules' listing and applying.
# Not pmtui/table/simulate.py: mypyc's frozen dataclasses cannot be unpickled, which
# `--jobs 2` needs; nor modules used only at start-up.
HOT = (
    "pmtui/engine/state.py",
    "pmtui/engine/context.py",
    "pmtui/engine/events.py",
    "pmtui/engine/game.py",
    "pmtui/engine/decision.py",
    "pmtui/engine/chance.py",
    "pmtui/engine/chain.py",
    "pmtui/ai/random_player.py",
    "rulesets/precious_memories/areas.py",
    "rulesets/precious_memories/costs.py",
    "rulesets/precious_memories/targets.py",
    "rulesets/precious_memories/plays.py",
    "rulesets/precious_memories/flow.py",
    "rulesets/precious_memories/effects.py",
    "rulesets/precious_memories/effect_model.py",
    "rulesets/precious_memories/fulfil.py",
    "rulesets/precious_memories/ruleset.py",
    "rulesets/precious_memories/derived.py",
)

# Run inside the copy: setuptools builds the extensions in place. `packages=[]` keeps
# it from looking for packages (the tree has several at its top).
_SETUP = """
import sys
from setuptools import setup
mods = sys.argv[2:]
how = sys.argv[1]
sys.argv = [sys.argv[0], "build_ext", "--inplace"]
if how == "mypyc":
    from mypyc.build import mypycify
    exts = mypycify(["--ignore-missing-imports", "--follow-imports=silent", *mods])
else:
    from Cython.Build import cythonize
    exts = cythonize(mods, language_level=3)
setup(name="pmtui-compiled-copy", packages=[], py_modules=[], ext_modules=exts)
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dest", type=Path, help="a new directory for the copy")
    ap.add_argument("--with", dest="how", choices=("mypyc", "cython"), default="mypyc")
    args = ap.parse_args()
    if importlib.util.find_spec("mypyc" if args.how == "mypyc" else "Cython") is None:
        sys.exit(f"compiled_copy: {args.how} is not installed here (pip install mypy cython)")
    if args.dest.exists():
        sys.exit(f"compiled_copy: {args.dest} exists already")
    args.dest.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(args.dest)], input=archive, check=True)
    env = dict(os.environ, PYTHONPATH=str(args.dest))
    built = subprocess.run([sys.executable, "-c", _SETUP, args.how, *HOT], cwd=args.dest,
                           env=env)
    if built.returncode:
        sys.exit(f"compiled_copy: the {args.how} build failed (its errors are above)")
    print(f"compiled {len(HOT)} modules with {args.how} in {args.dest}")


if __name__ == "__main__":
    main()
