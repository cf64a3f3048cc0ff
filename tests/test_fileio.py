"""Atomic writes (`settemezzo.fileio`): a write interrupted half-way leaves the old file, or
nothing; a chart is not left without its CSV; replacing a file is said on stderr; an OS error
is one line naming the path."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pandas as pd
import pytest

from settemezzo import fileio
from settemezzo.cli import common as cli_common
from settemezzo.cli import main
from settemezzo.fileio import OutputPathError, check_folder, check_out, writing


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_writing_moves_every_file_into_place(tmp_path: Path) -> None:
    with writing(tmp_path / "sub" / "a.csv", tmp_path / "a.png") as (a, b):
        assert a.parent == tmp_path / "sub" and a.suffix == ".csv" and b.suffix == ".png"
        a.write_text("x\n")
        b.write_bytes(b"png")
    assert files(tmp_path) == ["a.png", "sub"] and files(tmp_path / "sub") == ["a.csv"]
    assert (tmp_path / "sub" / "a.csv").read_text() == "x\n"


def test_interrupted_half_way_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "table.csv"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), writing(target) as (tmp,), open(tmp, "w") as f:
        f.write("half of a new ")
        f.flush()
        raise KeyboardInterrupt  # Ctrl-C in the middle of the write
    assert target.read_text() == "old\n"
    assert files(tmp_path) == ["table.csv"]  # no temporary file left behind


def test_interrupted_first_write_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="disk full"), \
            writing(tmp_path / "a.png", tmp_path / "a.csv") as (png, csv):
        png.write_bytes(b"a whole chart")
        csv.write_text("half,")
        raise OSError("disk full")
    assert files(tmp_path) == []  # not the PNG without its CSV


def test_replacing_keeps_the_permissions_and_is_reported(tmp_path: Path) -> None:
    target = tmp_path / "a.csv"
    target.write_text("old\n")
    target.chmod(0o640)
    told: list[Path] = []
    with writing(target, tmp_path / "new.csv", replaced=told.append) as (a, b):
        a.write_text("new\n")
        b.write_text("first\n")
    assert target.read_text() == "new\n" and told == [target]
    assert target.stat().st_mode & 0o777 == 0o640


def test_check_out(tmp_path: Path) -> None:
    assert check_out(tmp_path / "new" / "a.csv", (".csv",)) == tmp_path / "new" / "a.csv"
    (tmp_path / "dir.csv").mkdir()
    (tmp_path / "file").write_text("")
    for path, words in [(tmp_path / "a.txt", "must name a .csv file"),
                        (tmp_path / "dir.csv", "is a folder"),
                        (tmp_path / "file" / "a.csv", "is a file, not a folder"),
                        ("", "needs a file name")]:
        with pytest.raises(OutputPathError, match=words):
            check_out(path, (".csv",))
    with pytest.raises(OutputPathError, match="is a file, not a folder"):
        check_folder(tmp_path / "file")
    with pytest.raises(OutputPathError, match="is a file, not a folder"):
        check_folder(tmp_path / "file" / "deeper")


def test_a_failed_csv_leaves_no_chart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    def broken_csv(self: pd.DataFrame, path: str | Path, **kwargs: object) -> None:
        Path(path).write_text("bust,chan")  # half a file, then the disk fills up
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(pd.DataFrame, "to_csv", broken_csv)
    out = tmp_path / "bust.png"
    code = main(["chart", "bust", "--out", str(out), "--csv"])
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith("settemezzo: error: ") and "No space left on device" in err
    assert len(err.strip().splitlines()) == 1
    assert files(tmp_path) == []  # neither the PNG nor a partial CSV


def test_replacing_a_chart_is_said_on_stderr(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bust.svg"
    assert main(["chart", "bust", "--out", str(out)]) == 0
    assert "replaced" not in capsys.readouterr().err
    assert main(["chart", "bust", "--out", str(out)]) == 0
    assert f"replaced the existing file {out}" in capsys.readouterr().err


@pytest.mark.parametrize("error", [PermissionError(13, "Permission denied"),
                                   IsADirectoryError(21, "Is a directory"),
                                   FileExistsError(17, "File exists"),
                                   FileNotFoundError(2, "No such file or directory")],
                         ids=lambda e: type(e).__name__)
def test_os_errors_are_one_line_naming_the_path(tmp_path: Path, error: OSError,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # running as root, chmod cannot make a folder unwritable: the OS refuses at os.replace
    def refuse(src: str, dst: str) -> None:
        raise type(error)(error.errno, error.strerror, src)

    monkeypatch.setattr(fileio.os, "replace", refuse)
    out = tmp_path / "bust.png"
    assert main(["chart", "bust", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err == f"settemezzo: error: {out}: {error.strerror}\n"
    assert files(tmp_path) == []


def test_save_chart_is_atomic_for_the_api(tmp_path: Path) -> None:
    import matplotlib.figure

    fig = matplotlib.figure.Figure()
    data = pd.DataFrame({"x": [1]})
    paths = cli_common.save_chart(fig, tmp_path / "c.png", data)
    assert [p.name for p in paths] == ["c.png", "c.csv"] and files(tmp_path) == ["c.csv", "c.png"]


SLOW_WRITER = textwrap.dedent("""
    import signal, sys, time
    from settemezzo.fileio import writing
    # Ctrl+C interrupts, as in a terminal, even if this test runs where SIGINT is ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with writing(sys.argv[1]) as (tmp,):
        with open(tmp, "w") as f:
            f.write("half,")
            f.flush()
            print("writing", flush=True)
            time.sleep(60)
            f.write("the rest\\n")
""")


def test_a_process_interrupted_while_writing_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "summary.csv"
    target.write_text("old\n")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.Popen([sys.executable, "-c", SLOW_WRITER, str(target)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None
    assert proc.stdout.readline() == b"writing\n"  # half of the file is written
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    assert target.read_text() == "old\n"
    assert files(tmp_path) == ["summary.csv"]
