"""Start the scenario editor: `python -m desktop.ui.editor [file] [--screenshot out.png]`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="volley-editor", description=__doc__)
    ap.add_argument("file", nargs="?", type=Path, help="a scenario to open (default: a new one)")
    ap.add_argument("--screenshot", type=Path, help="render the window to this PNG and exit")
    args = ap.parse_args(argv)

    import desktop.ui.launchers  # noqa: F401  (Game ▸ Play… and the welcome's ways in)
    from desktop.ui.app import WINDOW_SIZE, application
    from desktop.ui.editor.window import EditorWindow

    app = application()
    if args.screenshot is not None:
        return screenshot(args.file, args.screenshot)
    window = EditorWindow()
    window.resize(*WINDOW_SIZE)
    if args.file is not None:
        window.open_file(args.file, ask=False)
    else:
        window.recover_untitled()  # only Discard deletes; running editors' files are not offered
    window.show()
    return app.exec()


def screenshot(file: Path | None, out: Path) -> int:
    """Render the editor on `file` (a new scenario if None) to `out`, with no person
    there: a file it refuses is said on stderr and exit status 1, never a box
    waiting for a click (issue 37); so is any box that opens all the same."""
    from desktop.scenario import ScenarioError, load
    from desktop.ui.app import WINDOW_SIZE, application
    from desktop.ui.editor.window import EditorWindow
    from desktop.ui.headless import ModalGuard

    if file is not None:
        try:
            load(file)
        except ScenarioError as e:
            for line in [str(p) for p in e.problems] or [str(e)]:
                print(line, file=sys.stderr)
            return 1
    app = application()
    guard = ModalGuard("volley edit").install()
    window = EditorWindow()
    window.resize(*WINDOW_SIZE)
    if file is not None and not window.open_file(file, ask=False, recover=False):
        window.close()
        return 1
    window.show()
    app.processEvents()
    window.view.fit_table()
    app.processEvents()
    ok = window.grab().save(str(out), "PNG")
    window.doc.undo_stack.setClean()
    window.close()
    if not ok:
        print(f"volley edit: could not write {out}", file=sys.stderr)
    return 0 if ok and not guard.said else 1


__all__ = ["main"]


if __name__ == "__main__":
    sys.exit(main())
