"""``python -m settemezzo``: the same as the ``settemezzo`` command."""

from settemezzo.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
