"""The recovery prompt: Recover, Keep for later, or Discard work a crash left behind.

Declining used to delete the autosave at once, so one wrong click (or a
second editor asking about the first one's file) lost the work.  Now only
"Discard" deletes it; "Keep for later" leaves it on disk to be offered again.
"""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop.scenario import ScenarioError, load
from desktop.ui.plaintext import literal

#: What the person can answer.
RECOVER, KEEP, DISCARD = "recover", "keep", "discard"


def answer_of(raw: object) -> str:
    """A prompt's answer as RECOVER, KEEP or DISCARD (True and False read as recover / keep)."""
    if raw is True:
        return RECOVER
    if raw in (RECOVER, KEEP, DISCARD):
        return str(raw)
    return KEEP  # anything else loses nothing


def describe(autosave: Path, file: Path | None) -> tuple[str, str]:
    """(headline, details) for the prompt, in plain sentences."""
    try:
        written = time.strftime("%d %b %Y at %H:%M", time.localtime(autosave.stat().st_mtime))
    except OSError:
        written = "an unknown date"
    if file is not None:
        head = (f"Volley found changes to {file.name} that were never saved, written on "
                f"{written}. The program may have closed unexpectedly.")
        try:
            newer = file.stat().st_mtime > autosave.stat().st_mtime
        except OSError:
            newer = False
        if newer:
            head += " The file has been saved since then."
    else:
        try:
            title = f"the untitled scenario “{load(autosave).title}”"
        except (ScenarioError, OSError):
            title = "an untitled scenario"
        head = (f"Volley found {title}, never saved, written on {written}. The program may "
                "have closed unexpectedly.")
    details = ("Recover opens those changes (you can still undo them). Keep for later "
               "leaves them on disk and asks again next time. Discard deletes them.\n\n"
               f"The autosave is {autosave}")
    return head, details


def ask(parent: QWidget | None, autosave: Path, file: Path | None) -> str:
    """Show the prompt; RECOVER, KEEP or DISCARD (closing the box keeps the file)."""
    head, details = describe(autosave, file)
    return ask_left_over(parent, "Recover unsaved changes?", head, details, "Recover")


def ask_left_over(parent: QWidget | None, title: str, head: str, details: str,
                  take: str) -> str:
    """The box for work a crash left behind (the editor's and the play window's):
    `take` (RECOVER), Keep for later (KEEP) or Discard (DISCARD); closing keeps it."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(head)
    box.setInformativeText(literal(details))
    recover = box.addButton(take, QMessageBox.ButtonRole.AcceptRole)
    keep = box.addButton("Keep for later", QMessageBox.ButtonRole.RejectRole)
    # (ResetRole puts Discard apart from the other two, so a slip does not delete work)
    discard = box.addButton("Discard", QMessageBox.ButtonRole.ResetRole)
    box.setDefaultButton(recover)
    box.setEscapeButton(keep)
    box.exec()
    clicked = box.clickedButton()
    if clicked is recover:
        return RECOVER
    if clicked is discard:
        return DISCARD
    return KEEP
