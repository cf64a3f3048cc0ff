"""``python -m settemezzo.precomputed [--out DIR]``: solve the presets and every single
variant afresh and write their shipped results (`settemezzo.precomputed`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from settemezzo.precomputed import HERE
from settemezzo.precomputed.writer import write


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m settemezzo.precomputed",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(HERE), help=f"folder (default: {HERE})")
    write(Path(ap.parse_args().out))


if __name__ == "__main__":
    main()
