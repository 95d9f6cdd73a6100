"""The CLI's last line of defence: a bug in a command is one sentence and exit 1, never a traceback."""

from __future__ import annotations

import types

import game.cli as cli


def test_an_unexpected_error_is_one_line_exit_1_with_the_details_in_a_file(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)  # pick TMPDIR up again

    def boom(argv):
        raise KeyError("no such thing\nover two lines")

    monkeypatch.setattr(cli.importlib, "import_module", lambda name: types.SimpleNamespace(main=boom))
    assert cli.main(["resolve", "x.json"]) == 1
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert lines[0].startswith("clinch resolve: internal error (KeyError")
    assert "bug in Clinch" in lines[0]
    reports = list(tmp_path.glob("clinch-error-*.txt"))
    assert len(reports) == 1 and "Traceback" in reports[0].read_text(encoding="utf-8")


def test_bad_input_is_still_exit_2(monkeypatch, capsys):
    def refuse(argv):
        raise cli.CommandError("x.json: fighters[0].hex is missing.")

    monkeypatch.setattr(cli.importlib, "import_module", lambda name: types.SimpleNamespace(main=refuse))
    assert cli.main(["resolve", "x.json"]) == 2
    assert capsys.readouterr().err.strip() == "clinch resolve: x.json: fighters[0].hex is missing."
