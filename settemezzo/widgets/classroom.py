"""The classroom page: the trainer and the playable table in two tabs, with a language switch.

`make classroom` serves ``notebooks/06_classroom.ipynb`` with Voilà, which shows only this
page: students never see code. The table is built when its tab is first opened (its exact
tables take a few seconds), so the trainer is ready at once.
"""

from __future__ import annotations

from typing import Any

from settemezzo.i18n import LANGUAGE_NAMES, LANGUAGES, check_lang, t
from settemezzo.rules import ITALIAN, Rules
from settemezzo.teaching.explain import rules_name
from settemezzo.widgets.tableview import ClassroomTable
from settemezzo.widgets.trainer import Trainer

__all__ = ["Classroom", "classroom"]

class Classroom:
    """Two tabs, the trainer and the table; ``lang`` (ToggleButtons) redraws both in the
    new language and keeps the progress (the trainer's session and score, the table's
    game).

    ``trainer`` and ``table`` are the current `Trainer` and `ClassroomTable` (the table is
    None until its tab is opened, or `open_table` is called).
    """

    def __init__(self, lang: str = "en", rules: Rules = ITALIAN, seed: int = 1,
                 level: int = 1, hands: int = 10, students: int = 1,
                 computers: int = 2) -> None:
        import ipywidgets as W

        self.W = W
        self.rules = rules
        self.settings = {"seed": seed, "level": level, "hands": hands, "students": students,
                         "computers": computers}
        self.lang = W.ToggleButtons(options=[(LANGUAGE_NAMES[k], k) for k in LANGUAGES],
                                    value=check_lang(lang))
        self.tabs = W.Tab()
        self.trainer: Trainer | None = None
        self.table: ClassroomTable | None = None
        self._game: Any = None
        self.lang.observe(lambda _c: self.build(), names="value")
        self.tabs.observe(lambda c: self.open_table() if c["new"] == 1 else None,
                          names="selected_index")
        self.view = W.VBox([self.lang, self.tabs])
        self.build()

    def build(self) -> None:
        """(Re)build the tabs in the chosen language."""
        W = self.W
        lang = self.lang.value
        s = self.settings
        old, game = self.trainer, (self.table.game if self.table is not None else None)
        self.trainer = Trainer(lang, self.rules, s["seed"], s["level"], s["hands"])
        if old is not None and old.session is not None:
            self._carry_over(old, self.trainer)
        self._game = game
        self.table = None
        self._table_box = W.VBox([W.HTML(t("ui.computing", lang,
                                              rules=rules_name(self.rules, lang)))])
        self.tabs.children = [self.trainer.view, self._table_box]
        self.tabs.titles = (t("classroom.tab_trainer", lang), t("classroom.tab_table", lang))
        if self.tabs.selected_index == 1:
            self.open_table()

    def open_table(self) -> ClassroomTable:
        """Build the table (once per language)."""
        if self.table is None:
            s = self.settings
            self.table = ClassroomTable(self.lang.value, self.rules, s["students"],
                                        s["computers"], s["seed"], game=self._game)
            self._table_box.children = [self.table.view]
        return self.table

    @staticmethod
    def _carry_over(old: Trainer, new: Trainer) -> None:
        """Give the new trainer the old one's settings and session (hands, answers, score)."""
        assert old.session is not None
        new.seed.value, new.level.value, new.hard.value = (old.seed.value, old.level.value,
                                                           old.hard.value)
        new.resume(old.session)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)


def classroom(lang: str = "en", rules: Rules = ITALIAN, seed: int = 1, level: int = 1,
              hands: int = 10, students: int = 1, computers: int = 2) -> Classroom:
    """The classroom page (trainer and table) as one widget."""
    return Classroom(lang, rules, seed, level, hands, students, computers)
