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
    window = EditorWindow()
    window.resize(*WINDOW_SIZE)
    if args.file is not None:
        window.open_file(args.file, ask=False)
    elif args.screenshot is None:
        window.recover_untitled()  # only Discard deletes; running editors' files are not offered
    if args.screenshot is not None:
        window.show()
        app.processEvents()
        window.view.fit_table()
        app.processEvents()
        ok = window.grab().save(str(args.screenshot), "PNG")
        window.doc.undo_stack.setClean()
        window.close()
        return 0 if ok else 1
    window.show()
    return app.exec()


__all__ = ["main"]


if __name__ == "__main__":
    sys.exit(main())
