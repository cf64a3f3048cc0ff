"""The words the casino games add, in en, it, es and fr, keyed as the catalogue keys them
(``rules.NAME`` for a preset, ``knob.NAME`` for a knob's label, ``knob.NAME_VALUE`` for a
choice): to be moved into `settemezzo.i18n`'s catalogue, which speaks every rule set.

`rules_words` names a casino rule set meanwhile (the command line's ``rules`` field); once the
catalogue holds these keys, `settemezzo.rules.Rules.describe` does it.
"""

from __future__ import annotations

from settemezzo.rules import KNOB_TABLE, Rules

__all__ = ["TEXTS", "rules_words"]


def _w(en: str, it: str, es: str, fr: str) -> dict[str, str]:
    return {"en": en, "it": it, "es": es, "fr": fr}


TEXTS: dict[str, dict[str, str]] = {
    "rules.conrad": _w("Siete y Media (Conrad, Punta del Este)",
                       "Siete y Media (Conrad, Punta del Este)",
                       "Siete y Media (Conrad, Punta del Este)",
                       "Siete y Media (Conrad, Punta del Este)"),
    "rules.playtech": _w("live Sette e Mezzo (Playtech)", "Sette e Mezzo live (Playtech)",
                         "Sette e Mezzo en vivo (Playtech)", "Sette e Mezzo en direct (Playtech)"),
    "rules.sanremo": _w("7 e Mezzo (Casinò Sanremo online)", "7 e Mezzo (Casinò Sanremo online)",
                        "7 e Mezzo (Casinò Sanremo en línea)",
                        "7 e Mezzo (Casinò Sanremo en ligne)"),
    "knob.open_deal": _w("casino deal (cards face up, dealer on a house rule)",
                         "banco del casinò (carte scoperte, banco a regola fissa)",
                         "reparto de casino (cartas descubiertas, banca con regla fija)",
                         "donne de casino (cartes visibles, croupier à règle fixe)"),
    "knob.decks": _w("decks", "mazzi", "barajas", "jeux"),
    "knob.house_draw": _w("dealer draws below", "il banco chiede carta sotto",
                          "la banca pide carta por debajo de", "le croupier tire sous"),
    "knob.house_stand_up": _w("dealer stands on an up card of",
                              "il banco sta con una prima carta da",
                              "la banca se planta con una primera carta de",
                              "le croupier reste sur une carte visible de"),
    "knob.forced_draw": _w("forced draw", "carta obbligata", "carta obligada", "tirage forcé"),
    "knob.forced_draw_off": _w("no forced draw", "nessuna carta obbligata",
                               "sin carta obligada", "pas de tirage forcé"),
    "knob.forced_draw_reach": _w("draw up to the dealer's card",
                                 "carta obbligata fino alla carta del banco",
                                 "carta obligada hasta la carta de la banca",
                                 "tirer jusqu'à la carte du croupier"),
    "knob.forced_draw_beat": _w("draw above the dealer's card",
                                "carta obbligata fino a superare la carta del banco",
                                "carta obligada hasta superar la carta de la banca",
                                "tirer jusqu'à dépasser la carte du croupier"),
    "knob.tie_to_dealer": _w("a tie goes to the dealer on", "il pareggio va al banco su",
                             "el empate es de la banca con", "l'égalité va au croupier sur"),
    "knob.wild_up": _w("the dealer's wild K♦", "la matta del banco", "el comodín de la banca",
                       "le joker du croupier"),
    "knob.wild_up_half": _w("the dealer's K♦ counts ½", "la matta del banco vale ½",
                            "el comodín de la banca vale ½", "le joker du croupier vaut ½"),
    "knob.wild_up_seven": _w("the dealer's K♦ counts 7", "la matta del banco vale 7",
                             "el comodín de la banca vale 7", "le joker du croupier vaut 7"),
    "knob.royal_pays": _w("royal 7½ pays", "il sette e mezzo reale paga",
                          "el siete y media real paga", "le sept et demi royal paie"),
    "knob.royal_pays_2:1": _w("royal 7½ pays 2:1", "sette e mezzo reale pagato 2:1",
                              "siete y media real pagado 2:1", "sept et demi royal payé 2:1"),
    "knob.royal_pays_3:2": _w("royal 7½ pays 3:2", "sette e mezzo reale pagato 3:2",
                              "siete y media real pagado 3:2", "sept et demi royal payé 3:2"),
    "knob.royal_wild": _w("royal 7½ only with the K♦", "sette e mezzo reale solo con la matta",
                          "siete y media real solo con el comodín",
                          "sept et demi royal seulement avec le joker"),
}
"""Every word the casino games add, key -> {en, it, es, fr}."""


def rules_words(rules: Rules, lang: str = "en") -> str:
    """A casino rule set in words from these texts: its preset, then each change."""
    parts = [TEXTS.get(f"rules.{rules.base.name.lower()}", {}).get(lang, rules.base.name)]
    by_name = {k.name: k for k in KNOB_TABLE}
    for name, value in rules.changes():
        label = TEXTS.get(f"knob.{name}", {}).get(lang, name)
        if by_name[name].type == "choice":
            label = TEXTS.get(f"knob.{name}_{value}", {}).get(lang, f"{name}={value}")
        elif by_name[name].type != "on/off":
            label = f"{label} {value}"
        parts.append(label)
    return " + ".join(parts)
