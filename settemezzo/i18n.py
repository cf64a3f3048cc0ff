"""Every word settemezzo shows a person, in English, Italian, Spanish and French.

One dictionary, one function: ``t(key, lang, **fields)`` returns the text for ``key`` in
``lang``, with ``{fields}`` filled in. Keys are namespaced by the view that shows them
(``chart.``, ``trainer.``, ``table.``...); every key has every language, with the same
fields (``tests/test_i18n.py`` checks both).

Numbers have one writer per kind, used by every view: `number`, `percent` and `stakes`
(a decimal comma outside English), `points` and `score_label`. The engine gives data (an
`settemezzo.tables.Advice`, `settemezzo.game.restriction_codes`); `advice_text` and
`restriction_text` say it in words.

>>> t("chart.stand", "it"), t("chart.hit", "it")
('sto', 'carta')
>>> t("policy.against", "en", policy=policy_label("threshold:5", "en"))
'against a banker who hits below 5'
>>> from settemezzo.rules import from_spec
>>> describe_rules(from_spec("italian+royal"), "it")
'regole italiane + sette e mezzo reale'
>>> percent(0.2113579, "it"), percent(0.2113579, "en", 2)
('21,1%', '21.14%')
>>> restriction_note(("split_swap",), "it")
'Nessuno scambio in una mano divisa: il vantaggio del banco è al massimo questo'
>>> restriction_note((), "en")
''
>>> check_lang("de")
Traceback (most recent call last):
...
settemezzo.i18n.UnknownLanguageError: unknown language 'de'; choose from en, it, es, fr
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from settemezzo.hands import BUST, PAIR_OF_SEVENS, ROYAL, points_label

if TYPE_CHECKING:
    from settemezzo.advice import Advice

from settemezzo import policy
from settemezzo.rules import Rules, knob

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "TEXT",
    "UnknownLanguageError",
    "advice_hand",
    "advice_sentence",
    "advice_text",
    "banker_words",
    "check_lang",
    "describe_rules",
    "method_label",
    "number",
    "number_range",
    "percent",
    "points",
    "policy_label",
    "restriction_note",
    "restriction_text",
    "restriction_what",
    "rule_change",
    "rules_title",
    "scientific",
    "score_label",
    "split_sentence",
    "stakes",
    "t",
]

LANGUAGES: tuple[str, ...] = ("en", "it", "es", "fr")
"""Every language ``lang=`` accepts; the catalogue has each of them for every key."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "it": "Italiano", "es": "Español",
                                  "fr": "Français"}
"""Each language in its own words, for a language switch."""


class UnknownLanguageError(ValueError):
    """A ``lang`` that is not one of `LANGUAGES`; the message quotes it."""


TEXT: dict[str, dict[str, str]] = {
    # -- words shared by many views --------------------------------------------------------------
    "word.or": {"en": "or", "it": "o", "es": "o", "fr": "ou"},
    "word.chips": {"en": "{n} chips", "it": "{n} fiches", "es": "{n} fichas", "fr": "{n} jetons"},
    "word.not_available": {"en": "n/a", "it": "n.d.", "es": "n/d", "fr": "n.d."},
    "word.total": {"en": "total {t}", "it": "totale {t}", "es": "total {t}", "fr": "total {t}"},
    "word.bank": {"en": "Bank", "it": "Banco", "es": "Banca", "fr": "Banque"},
    "word.banker": {"en": "Banker", "it": "Banco", "es": "Banca", "fr": "Banque"},
    "word.split": {"en": "Split", "it": "Dividi", "es": "Separar", "fr": "Séparer"},
    "word.stake": {"en": "Stake", "it": "Posta", "es": "Apuesta", "fr": "Mise"},
    # -- a finished hand's score (i18n.score_label) ----------------------------------------------
    "score.bust": {"en": "bust", "it": "sballato", "es": "pasado", "fr": "sauté"},
    "score.royal": {"en": "royal 7½", "it": "7½ reale", "es": "7½ real", "fr": "7½ royal"},
    "score.pair_of_sevens": {
        "en": "pair of sevens",
        "it": "coppia di sette",
        "es": "pareja de sietes",
        "fr": "paire de sept",
    },
    # -- charts: plays and legends ---------------------------------------------------------------
    "chart.stand": {"en": "stand", "it": "sto", "es": "plantarse", "fr": "rester"},
    "chart.hit": {"en": "hit", "it": "carta", "es": "pedir", "fr": "tirer"},
    "chart.mixed": {"en": "mixed", "it": "misto", "es": "mixto", "fr": "mixte"},
    "chart.either": {"en": "either", "it": "indifferente", "es": "da igual", "fr": "au choix"},
    "chart.stand_short": {"en": "S", "it": "S", "es": "P", "fr": "R"},
    "chart.hit_short": {"en": "H", "it": "C", "es": "C", "fr": "T"},
    "chart.legend_stand": {"en": "stand", "it": "stare (sto)", "es": "plantarse", "fr": "rester"},
    "chart.legend_hit": {
        "en": "hit (ask for a card)",
        "it": "chiedere carta",
        "es": "pedir carta",
        "fr": "tirer une carte",
    },
    "chart.legend_mixed": {
        "en": "mixed, or depends on the cards: hit in the % shown",
        "it": "misto, o dipende dalle carte: carta nella % indicata",
        "es": "mixto, o depende de las cartas: pedir en el % indicado",
        "fr": "mixte, ou selon les cartes : tirer dans le % indiqué",
    },
    "chart.probability": {
        "en": "probability",
        "it": "probabilità",
        "es": "probabilidad",
        "fr": "probabilité",
    },
    # -- banker policies -------------------------------------------------------------------------
    "policy.equilibrium": {
        "en": "the equilibrium banker (optimal play)",
        "it": "il banco in equilibrio (gioco ottimale)",
        "es": "la banca en equilibrio (juego óptimo)",
        "fr": "la banque à l'équilibre (jeu optimal)",
    },
    "policy.omniscient": {
        "en": "a banker who sees the face-down card",
        "it": "un banco che vede la carta coperta",
        "es": "una banca que ve la carta tapada",
        "fr": "une banque qui voit la carte cachée",
    },
    "policy.threshold": {
        "en": "a banker who hits below {k}",
        "it": "un banco che chiede carta sotto {k}",
        "es": "una banca que pide por debajo de {k}",
        "fr": "une banque qui tire en dessous de {k}",
    },
    "policy.against": {
        "en": "against {policy}",
        "it": "contro {policy}",
        "es": "contra {policy}",
        "fr": "contre {policy}",
    },
    # -- edge methods ----------------------------------------------------------------------------
    "method.equilibrium": {
        "en": "both play optimally (equilibrium)",
        "it": "entrambi giocano al meglio (equilibrio)",
        "es": "ambos juegan de forma óptima (equilibrio)",
        "fr": "les deux jouent au mieux (équilibre)",
    },
    "method.threshold": {
        "en": "banker hits below {k}, player plays its best",
        "it": "il banco chiede carta sotto {k}, il giocatore al meglio",
        "es": "la banca pide por debajo de {k}, el jugador lo mejor posible",
        "fr": "la banque tire en dessous de {k}, le joueur au mieux",
    },
    "method.omniscient": {
        "en": "banker sees the face-down card",
        "it": "il banco vede la carta coperta",
        "es": "la banca ve la carta tapada",
        "fr": "la banque voit la carte cachée",
    },
    # -- strategy chart --------------------------------------------------------------------------
    "strategy_chart.title": {
        "en": "Player's best play",
        "it": "La giocata migliore del giocatore",
        "es": "La mejor jugada del jugador",
        "fr": "Le meilleur coup du joueur",
    },
    "strategy_chart.face_down_card": {
        "en": "face-down card",
        "it": "carta coperta",
        "es": "carta tapada",
        "fr": "carte cachée",
    },
    "strategy_chart.face_up_total": {
        "en": "total of the face-up cards (points; 0 = none yet)",
        "it": "totale delle carte scoperte (punti; 0 = nessuna)",
        "es": "total de las cartas descubiertas (puntos; 0 = ninguna)",
        "fr": "total des cartes visibles (points ; 0 = aucune)",
    },
    "strategy_chart.note": {
        "en": "Each cell: the best play holding the face-down card of its row with face-up cards "
              "adding up to its column; the number is EV(hit) − EV(stand) in stakes. Hands "
              "sharing a cell are weighed by how often the player holds them (a hand behind one "
              "of its stands as if it had hit); hands its strategy never holds are left out.",
        "it": "Ogni casella: la giocata migliore con la carta coperta della riga e carte "
              "scoperte che sommano il valore della colonna; il numero è VA(carta) − VA(sto) in "
              "poste. Le mani di una casella pesano quanto spesso il giocatore le ha (una mano "
              "dopo un suo 'sto' come se avesse chiesto carta); le mani che la sua strategia non "
              "raggiunge mai sono escluse.",
        "es": "Cada casilla: la mejor jugada con la carta tapada de su fila y cartas "
              "descubiertas que suman su columna; el número es VE(pedir) − VE(plantarse) en "
              "apuestas, ponderado por la frecuencia con que el jugador tiene cada mano; las "
              "manos que su estrategia nunca alcanza se omiten.",
        "fr": "Chaque case : le meilleur coup avec la carte cachée de sa ligne et des cartes "
              "visibles dont la somme est sa colonne ; le nombre est EV(tirer) − EV(rester) en "
              "mises, pondéré par la fréquence de chaque main pour le joueur ; les mains que sa "
              "stratégie n'atteint jamais sont omises.",
    },
    "strategy_chart.stake_line": {
        "en": "Stake chosen after the first card ({who}): {stakes}.",
        "it": "Posta scelta dopo la prima carta ({who}): {stakes}.",
        "es": "Apuesta elegida tras la primera carta ({who}): {stakes}.",
        "fr": "Mise choisie après la première carte ({who}) : {stakes}.",
    },
    "strategy_chart.stake_who_equilibrium": {
        "en": "equilibrium player",
        "it": "giocatore in equilibrio",
        "es": "jugador en equilibrio",
        "fr": "joueur à l'équilibre",
    },
    "strategy_chart.stake_who_reply": {
        "en": "player's best reply",
        "it": "miglior risposta del giocatore",
        "es": "mejor respuesta del jugador",
        "fr": "meilleure réponse du joueur",
    },
    "strategy_chart.stake_first": {
        "en": "first card {cards} → {stakes}",
        "it": "prima carta {cards} → {stakes}",
        "es": "primera carta {cards} → {stakes}",
        "fr": "première carte {cards} → {stakes}",
    },
    "strategy_chart.stake_swap_note": {
        "en": "After a swap the turned-up card counts in the face-up total and the new hidden "
              "card is the row.",
        "it": "Dopo uno scambio la carta scoperta conta nel totale delle scoperte e la nuova "
              "coperta è la riga.",
        "es": "Tras un cambio, la carta descubierta cuenta en el total de las descubiertas y la "
              "nueva tapada es la fila.",
        "fr": "Après un échange, la carte retournée compte dans le total des cartes visibles et "
              "la nouvelle carte cachée est la ligne.",
    },
    # -- banker chart ----------------------------------------------------------------------------
    "banker_chart.title": {
        "en": "Banker's chance to hit after the player stands",
        "it": "Probabilità che il banco chieda carta dopo che il giocatore sta",
        "es": "Probabilidad de que la banca pida tras plantarse el jugador",
        "fr": "Probabilité que la banque tire après que le joueur reste",
    },
    "banker_chart.against_equilibrium_player": {
        "en": "equilibrium banker against the equilibrium player",
        "it": "banco in equilibrio contro il giocatore in equilibrio",
        "es": "banca en equilibrio contra el jugador en equilibrio",
        "fr": "banque à l'équilibre contre le joueur à l'équilibre",
    },
    "banker_chart.total": {
        "en": "banker's total (points)",
        "it": "totale del banco (punti)",
        "es": "total de la banca (puntos)",
        "fr": "total de la banque (points)",
    },
    "banker_chart.player_up": {
        "en": "the player's face-up cards: how many, and their total (points)",
        "it": "le carte scoperte del giocatore: quante, e il loro totale (punti)",
        "es": "las cartas descubiertas del jugador: cuántas y su total (puntos)",
        "fr": "les cartes visibles du joueur : combien, et leur total (points)",
    },
    "banker_chart.n_up_0": {"en": "none", "it": "nessuna", "es": "ninguna", "fr": "aucune"},
    "banker_chart.n_up_1": {
        "en": "one card",
        "it": "una carta",
        "es": "una carta",
        "fr": "une carte",
    },
    "banker_chart.n_up_2": {
        "en": "two cards",
        "it": "due carte",
        "es": "dos cartas",
        "fr": "deux cartes",
    },
    "banker_chart.n_up_n": {
        "en": "{n} cards",
        "it": "{n} carte",
        "es": "{n} cartas",
        "fr": "{n} cartes",
    },
    "banker_chart.note": {
        "en": "Number: the banker's chance to hit. Faded cells: no real choice (standing surely "
              "loses, or surely wins). Below {low} the banker always hits. Averaged over the "
              "hands behind each cell, weighed by their chance.",
        "it": "Numero: probabilità che il banco chieda carta. Caselle sbiadite: nessuna vera "
              "scelta (stare perde sicuramente, o vince sicuramente). Sotto {low} il banco "
              "chiede sempre carta. Media sulle mani di ogni casella, pesate per la loro "
              "probabilità.",
        "es": "Número: probabilidad de que la banca pida. Casillas claras: no hay elección real. "
              "Por debajo de {low} la banca siempre pide.",
        "fr": "Nombre : probabilité que la banque tire. Cases pâles : pas de vrai choix. En "
              "dessous de {low} la banque tire toujours.",
    },
    "banker_chart.no_choice": {
        "en": "no real choice",
        "it": "nessuna vera scelta",
        "es": "sin elección real",
        "fr": "pas de vrai choix",
    },
    # -- bust chart ------------------------------------------------------------------------------
    "bust_chart.title": {
        "en": "Chance that one more card busts (fresh deck)",
        "it": "Probabilità di sballare con un'altra carta (mazzo nuovo)",
        "es": "Probabilidad de pasarse con una carta más (baraja nueva)",
        "fr": "Probabilité de sauter avec une carte de plus (jeu neuf)",
    },
    "bust_chart.x": {
        "en": "your total before the card (points)",
        "it": "il tuo totale prima della carta (punti)",
        "es": "tu total antes de la carta (puntos)",
        "fr": "votre total avant la carte (points)",
    },
    "bust_chart.y": {
        "en": "chance to bust",
        "it": "probabilità di sballare",
        "es": "probabilidad de pasarse",
        "fr": "probabilité de sauter",
    },
    "bust_chart.one_card": {
        "en": "one card (the face-down card only)",
        "it": "una carta (solo la coperta)",
        "es": "una carta (solo la tapada)",
        "fr": "une carte (la cachée seule)",
    },
    "bust_chart.two_cards": {
        "en": "two cards (average over the pairs with this total)",
        "it": "due carte (media sulle coppie con questo totale)",
        "es": "dos cartas (media de los pares con este total)",
        "fr": "deux cartes (moyenne des paires de ce total)",
    },
    "bust_chart.no_opponent": {
        "en": "no opponent: the cards alone",
        "it": "nessun avversario: solo le carte",
        "es": "sin rival: solo las cartas",
        "fr": "sans adversaire : les cartes seules",
    },
    # -- banker final total chart ----------------------------------------------------------------
    "final_chart.title": {
        "en": "Banker's final total, drawing from a fresh deck",
        "it": "Totale finale del banco, pescando da un mazzo nuovo",
        "es": "Total final de la banca, robando de una baraja nueva",
        "fr": "Total final de la banque, tirant d'un jeu neuf",
    },
    "final_chart.x": {
        "en": "the banker's final total",
        "it": "totale finale del banco",
        "es": "total final de la banca",
        "fr": "total final de la banque",
    },
    "final_chart.hits_below": {
        "en": "hits below {k}",
        "it": "chiede carta sotto {k}",
        "es": "pide por debajo de {k}",
        "fr": "tire en dessous de {k}",
    },
    "final_chart.banker_policies": {
        "en": "the banker hits below {ks}",
        "it": "il banco chiede carta sotto {ks}",
        "es": "la banca pide por debajo de {ks}",
        "fr": "la banque tire en dessous de {ks}",
    },
    # -- EV chart --------------------------------------------------------------------------------
    "ev_chart.title": {
        "en": "Expected value of standing and of hitting",
        "it": "Valore atteso di stare e di chiedere carta",
        "es": "Valor esperado de plantarse y de pedir",
        "fr": "Espérance de rester et de tirer",
    },
    "ev_chart.x": {
        "en": "your total (points)",
        "it": "il tuo totale (punti)",
        "es": "tu total (puntos)",
        "fr": "votre total (points)",
    },
    "ev_chart.y": {
        "en": "expected gain (stakes per hand)",
        "it": "guadagno atteso (poste per mano)",
        "es": "ganancia esperada (apuestas por mano)",
        "fr": "gain espéré (mises par main)",
    },
    "ev_chart.stand": {
        "en": "stand now",
        "it": "stai ora",
        "es": "plantarse ahora",
        "fr": "rester maintenant",
    },
    "ev_chart.hit": {
        "en": "hit, then play on as well as possible",
        "it": "chiedi carta, poi gioca al meglio",
        "es": "pedir y seguir jugando lo mejor posible",
        "fr": "tirer, puis jouer au mieux",
    },
    "ev_chart.hit_better": {
        "en": "hitting is worth more (by over 0.005 stakes)",
        "it": "chiedere carta vale di più (oltre 0,005 poste)",
        "es": "pedir vale más (más de 0,005 apuestas)",
        "fr": "tirer vaut plus (de plus de 0,005 mise)",
    },
    "ev_chart.note": {
        "en": "Average over every hand with this total, weighed by how often the player holds it "
              "(as in the strategy chart), per unit stake.",
        "it": "Media su tutte le mani con questo totale, pesate per quanto spesso il giocatore "
              "le ha (come nella tabella della strategia), per posta unitaria.",
        "es": "Media de todas las manos con este total, ponderadas por la frecuencia con que el "
              "jugador las tiene, por apuesta unitaria.",
        "fr": "Moyenne de toutes les mains de ce total, pondérées par leur fréquence pour le "
              "joueur, par mise unitaire.",
    },
    # -- edge chart ------------------------------------------------------------------------------
    "edge_chart.title": {
        "en": "Banker's edge by variant (heads-up)",
        "it": "Vantaggio del banco per variante (uno contro uno)",
        "es": "Ventaja de la banca por variante (uno contra uno)",
        "fr": "Avantage de la banque par variante (un contre un)",
    },
    "edge_chart.x": {
        "en": "banker's edge (% of the stake per hand)",
        "it": "vantaggio del banco (% della posta per mano)",
        "es": "ventaja de la banca (% de la apuesta por mano)",
        "fr": "avantage de la banque (% de la mise par main)",
    },
    "edge_chart.y": {"en": "rule set", "it": "regole", "es": "reglas", "fr": "règles"},
    "edge_chart.missing": {
        "en": "not in the exact engine yet: {names}",
        "it": "non ancora nel calcolo esatto: {names}",
        "es": "aún no en el cálculo exacto: {names}",
        "fr": "pas encore dans le calcul exact : {names}",
    },
    "edge_chart.bound": {
        "en": "≤ at most this: the player is restricted",
        "it": "≤ al massimo questo: il giocatore è limitato",
        "es": "≤ como mucho esto: el jugador está limitado",
        "fr": "≤ au plus ceci : le joueur est limité",
    },
    # -- posterior chart -------------------------------------------------------------------------
    "posterior_chart.title": {
        "en": "What the banker can infer about the face-down card",
        "it": "Cosa può dedurre il banco sulla carta coperta",
        "es": "Lo que la banca puede deducir de la carta tapada",
        "fr": "Ce que la banque peut déduire de la carte cachée",
    },
    "posterior_chart.x": {
        "en": "the player's face-down card",
        "it": "la carta coperta del giocatore",
        "es": "la carta tapada del jugador",
        "fr": "la carte cachée du joueur",
    },
    # -- restricted games (settemezzo.game.restriction_codes) ------------------------------------
    "restricted.resplit": {
        "en": "player kept to two hands",
        "it": "giocatore limitato a due mani",
        "es": "jugador limitado a dos manos",
        "fr": "joueur limité à deux mains",
    },
    "restricted.split_swap": {
        "en": "no swap inside a split hand",
        "it": "nessuno scambio in una mano divisa",
        "es": "sin cambio dentro de una mano separada",
        "fr": "pas d'échange dans une main séparée",
    },
    "restricted.and": {"en": "and", "it": "e", "es": "y", "fr": "et"},
    "edge.at_most": {"en": "at most: {what}", "it": "al massimo: {what}",
                     "es": "como mucho: {what}", "fr": "au plus : {what}"},
    "restricted.edge": {
        "en": "{what}: the banker's edge is at most this",
        "it": "{what}: il vantaggio del banco è al massimo questo",
        "es": "{what}: la ventaja de la banca es como mucho esta",
        "fr": "{what} : l'avantage de la banque est au plus celui-ci",
    },
    "restricted.value": {
        "en": "{what}: the player's values are at least these",
        "it": "{what}: i valori del giocatore sono almeno questi",
        "es": "{what}: los valores del jugador son al menos estos",
        "fr": "{what} : les valeurs du joueur sont au moins celles-ci",
    },
    "restricted.banker": {
        "en": "{what}: the banker's play against that player",
        "it": "{what}: il gioco del banco contro quel giocatore",
        "es": "{what}: el juego de la banca contra ese jugador",
        "fr": "{what} : le jeu de la banque contre ce joueur",
    },
    "restricted.long": {
        "en": "the player {what}: the player's value is at least this (the banker's edge at most "
              "this)",
        "it": "il giocatore {what}: il valore del giocatore è almeno questo (il vantaggio del "
              "banco al massimo questo)",
        "es": "el jugador {what}: el valor del jugador es al menos este (la ventaja de la banca "
              "como mucho esta)",
        "fr": "le joueur {what} : la valeur du joueur est au moins celle-ci (l'avantage de la "
              "banque au plus celui-ci)",
    },
    "restricted.long_resplit": {
        "en": "never splits into more than two hands (split_figures={n} allows {n})",
        "it": "non divide mai in più di due mani (split_figures={n} ne consente {n})",
        "es": "nunca separa en más de dos manos (split_figures={n} permite {n})",
        "fr": "ne sépare jamais en plus de deux mains (split_figures={n} en permet {n})",
    },
    "restricted.long_split_swap": {
        "en": "never swaps inside a split hand",
        "it": "non scambia mai in una mano divisa",
        "es": "nunca cambia dentro de una mano separada",
        "fr": "n'échange jamais dans une main séparée",
    },
    # -- handout ---------------------------------------------------------------------------------
    "handout.title": {
        "en": "Sette e mezzo: strategy card",
        "it": "Sette e mezzo: la scheda della strategia",
        "es": "Siete y media: la ficha de estrategia",
        "fr": "Sept et demi : la fiche de stratégie",
    },
    "handout.numbers_title": {
        "en": "Numbers to remember",
        "it": "Numeri da ricordare",
        "es": "Números para recordar",
        "fr": "Les chiffres à retenir",
    },
    "handout.edge_line": {
        "en": "The banker's edge when both sides play perfectly: {edge} of the stake per hand.",
        "it": "Il vantaggio del banco quando entrambi giocano al meglio: {edge} della posta per "
              "mano.",
        "es": "La ventaja de la banca cuando ambos juegan de forma óptima: {edge} de la apuesta "
              "por mano.",
        "fr": "L'avantage de la banque quand les deux jouent au mieux : {edge} de la mise par "
              "main.",
    },
    "handout.edge_line_bound": {
        "en": "The banker's edge when both sides play perfectly: at most {edge} of the stake per "
              "hand ({what}).",
        "it": "Il vantaggio del banco quando entrambi giocano al meglio: al massimo {edge} della "
              "posta per mano ({what}).",
        "es": "La ventaja de la banca cuando ambos juegan de forma óptima: como mucho {edge} de "
              "la apuesta por mano ({what}).",
        "fr": "L'avantage de la banque quand les deux jouent au mieux : au plus {edge} de la "
              "mise par main ({what}).",
    },
    "handout.thumb_line": {
        "en": "Rule of thumb: hit below {k}, stand on {k} or more. Against the equilibrium "
              "banker it loses {loss} of the stake per hand; perfect play loses {best}.",
        "it": "Regola pratica: chiedi carta sotto {k}, stai da {k} in su. Contro il banco in "
              "equilibrio perde il {loss} della posta per mano; il gioco perfetto perde il "
              "{best}.",
        "es": "Regla práctica: pide por debajo de {k}, plántate con {k} o más. Contra la banca "
              "en equilibrio pierde el {loss} de la apuesta por mano; el juego perfecto pierde "
              "el {best}.",
        "fr": "Règle simple : tirez en dessous de {k}, restez à {k} ou plus. Contre la banque à "
              "l'équilibre elle perd {loss} de la mise par main ; le jeu parfait perd {best}.",
    },
    "handout.thumb_other": {
        "en": "Hit below {k} instead: loses {loss}.",
        "it": "Chiedere carta sotto {k}, invece: perde il {loss}.",
        "es": "Pedir por debajo de {k}, en cambio: pierde el {loss}.",
        "fr": "Tirer en dessous de {k} à la place : perd {loss}.",
    },
    "handout.bust_line": {
        "en": "The chance that one more card busts you, by your total:",
        "it": "La probabilità di sballare con un'altra carta, secondo il tuo totale:",
        "es": "La probabilidad de pasarte con una carta más, según tu total:",
        "fr": "La probabilité de sauter avec une carte de plus, selon votre total :",
    },
    "handout.your_total": {
        "en": "your total",
        "it": "il tuo totale",
        "es": "tu total",
        "fr": "votre total",
    },
    "handout.bust_row": {
        "en": "bust chance",
        "it": "sballi",
        "es": "te pasas",
        "fr": "vous sautez",
    },
    "handout.rules_title": {
        "en": "The rules in brief",
        "it": "Le regole in breve",
        "es": "Las reglas en breve",
        "fr": "Les règles en bref",
    },
    "handout.variants_line": {
        "en": "Variants in play: {variants}.",
        "it": "Varianti in gioco: {variants}.",
        "es": "Variantes en juego: {variants}.",
        "fr": "Variantes en jeu : {variants}.",
    },
    "handout.footer": {
        "en": "Exact values from settemezzo (heads-up: one player against the banker). Made "
              "with: settemezzo handout --rules {preset} --lang {language}",
        "it": "Valori esatti di settemezzo (uno contro uno: un giocatore contro il banco). "
              "Creato con: settemezzo handout --rules {preset} --lang {language}",
        "es": "Valores exactos de settemezzo (un jugador contra la banca). Hecho con: settemezzo "
              "handout --rules {preset} --lang {language}",
        "fr": "Valeurs exactes de settemezzo (un joueur contre la banque). Fait avec : "
              "settemezzo handout --rules {preset} --lang {language}",
    },
    # -- the rules in brief, one line per key (plots.rules_brief picks them) ---------------------
    "brief.cards": {
        "en": "40 cards: ace to 7 at face value, the three figures ½ each.",
        "it": "40 carte: dall'asso al 7 al loro valore, le tre figure mezzo punto l'una.",
        "es": "40 cartas: del as al 7 por su valor, las tres figuras medio punto cada una.",
        "fr": "40 cartes : de l'as au 7 à leur valeur, les trois figures un demi-point.",
    },
    "brief.wild": {
        "en": "The K♦ is wild: it counts ½ or any whole number from 1 to 7, as its holder likes.",
        "it": "Il re di denari è la matta: vale ½ o un numero intero da 1 a 7, a scelta di chi "
              "lo ha.",
        "es": "El rey de oros es comodín: vale ½ o cualquier número entero del 1 al 7, a "
              "elección de quien lo tiene.",
        "fr": "Le roi de carreau est joker : il vaut ½ ou un nombre entier de 1 à 7, au choix de "
              "son détenteur.",
    },
    "brief.stake_before": {
        "en": "Everyone stakes, then gets one face-down card; the banker is dealt last.",
        "it": "Tutti puntano, poi ricevono una carta coperta; il banco riceve l'ultima.",
        "es": "Todos apuestan y reciben una carta tapada; la banca recibe la última.",
        "fr": "Chacun mise puis reçoit une carte cachée ; la banque est servie en dernier.",
    },
    "brief.stake_after": {
        "en": "Everyone gets one face-down card, looks at it, then stakes between {lo} and {hi} "
              "chips{later}; the banker sees every stake and is dealt last.",
        "it": "Ognuno riceve una carta coperta, la guarda, poi punta tra {lo} e {hi} "
              "fiches{later}; il banco vede ogni posta e riceve l'ultima carta.",
        "es": "Cada uno recibe una carta tapada, la mira y apuesta entre {lo} y {hi} "
              "fichas{later}; la banca ve cada apuesta y recibe la última carta.",
        "fr": "Chacun reçoit une carte cachée, la regarde, puis mise entre {lo} et {hi} "
              "jetons{later} ; la banque voit chaque mise et est servie en dernier.",
    },
    "brief.stake_later": {
        "en": " (rising to {lo}–{hi} by the last round)",
        "it": " (fino a {lo}–{hi} all'ultimo giro)",
        "es": " (hasta {lo}–{hi} en la última ronda)",
        "fr": " (jusqu'à {lo}–{hi} au dernier tour)",
    },
    "brief.burn": {
        "en": "A face-down first card of {cards} may be thrown away face up for a new face-down "
              "card, once (the banker may do it too).",
        "it": "Una prima carta coperta di {cards} si può bruciare: la si scopre e si riceve "
              "un'altra carta coperta, una volta (anche il banco).",
        "es": "Una primera carta tapada de {cards} se puede descartar boca arriba por otra carta "
              "tapada, una vez (también la banca).",
        "fr": "Une première carte cachée de {cards} peut être brûlée, retournée, contre une "
              "nouvelle carte cachée, une fois (la banque aussi).",
    },
    "brief.turn": {
        "en": "In turn, each player stands or asks for cards, face up. Over 7½: bust, the stake "
              "is lost at once. Exactly 7½: show it, the turn ends.",
        "it": "A turno ogni giocatore sta o chiede carte, scoperte. Oltre 7½: sballa, la posta è "
              "persa subito. Esattamente 7½: si mostra, il turno finisce.",
        "es": "Por turno, cada jugador se planta o pide cartas descubiertas. Más de 7½: se pasa "
              "y pierde la apuesta. Justo 7½: la muestra y termina su turno.",
        "fr": "À tour de rôle, chaque joueur reste ou tire des cartes visibles. Plus de 7½ : il "
              "saute et perd sa mise. Exactement 7½ : il la montre, son tour finit.",
    },
    "brief.swap": {
        "en": "When asking for a card you may turn your face-down card up and take the new card "
              "face down: you never hold more than one hidden card.",
        "it": "Chiedendo carta si può scoprire la carta coperta e ricevere la nuova coperta: non "
              "si ha mai più di una carta nascosta.",
        "es": "Al pedir carta se puede descubrir la carta tapada y recibir la nueva tapada: "
              "nunca se tiene más de una carta oculta.",
        "fr": "En tirant, on peut retourner sa carte cachée et recevoir la nouvelle face cachée "
              ": on n'a jamais plus d'une carte cachée.",
    },
    "brief.split": {
        "en": "Two figures as the first two cards may be split into two hands, with a second "
              "equal stake.",
        "it": "Due figure come prime due carte si possono dividere in due mani, con una seconda "
              "posta uguale.",
        "es": "Dos figuras como primeras cartas se pueden separar en dos manos, con una segunda "
              "apuesta igual.",
        "fr": "Deux figures comme premières cartes peuvent être séparées en deux mains, avec une "
              "seconde mise égale.",
    },
    "brief.resplit": {
        "en": " Each further figure dealt onto the first hand may open one more hand (up to {n} "
              "hands).",
        "it": " Ogni altra figura che arriva sulla prima mano può aprire un'altra mano (fino a "
              "{n} mani).",
        "es": " Cada figura más que llega a la primera mano puede abrir otra mano (hasta {n} "
              "manos).",
        "fr": " Chaque autre figure reçue sur la première main peut ouvrir une main de plus "
              "(jusqu'à {n} mains).",
    },
    "brief.banker": {
        "en": "The banker then plays the same way, seeing every face-up card.",
        "it": "Poi gioca il banco allo stesso modo, vedendo tutte le carte scoperte.",
        "es": "Luego juega la banca igual, viendo todas las cartas descubiertas.",
        "fr": "La banque joue ensuite de même, en voyant toutes les cartes visibles.",
    },
    "brief.settle": {
        "en": "Banker bust: every player still in is paid. Otherwise the higher total wins; ties "
              "go to the banker.",
        "it": "Se il banco sballa paga chi è ancora in gioco. Altrimenti vince il totale più "
              "alto; il pareggio va al banco.",
        "es": "Si la banca se pasa, paga a quien sigue en juego. Si no, gana el total más alto; "
              "los empates son de la banca.",
        "fr": "Si la banque saute, elle paie ceux qui restent. Sinon le plus haut total gagne ; "
              "l'égalité va à la banque.",
    },
    "brief.settle_push": {
        "en": "Banker bust: every player still in is paid. Otherwise the higher total wins; a "
              "tie returns the stake.",
        "it": "Se il banco sballa paga chi è ancora in gioco. Altrimenti vince il totale più "
              "alto; in caso di pareggio la posta è resa.",
        "es": "Si la banca se pasa, paga a quien sigue en juego. Si no, gana el total más alto; "
              "un empate devuelve la apuesta.",
        "fr": "Si la banque saute, elle paie ceux qui restent. Sinon le plus haut total gagne ; "
              "une égalité rend la mise.",
    },
    "brief.pays": {
        "en": "Wins pay 1 to 1.",
        "it": "Le vincite sono pagate alla pari.",
        "es": "Las ganancias se pagan 1 a 1.",
        "fr": "Les gains sont payés 1 pour 1.",
    },
    "brief.pays_seven": {
        "en": "Wins pay 1 to 1; a winning 7½ pays {n}:1 when the banker did not bust.",
        "it": "Le vincite sono pagate alla pari; un 7½ vincente è pagato {n}:1 se il banco non "
              "ha sballato.",
        "es": "Las ganancias se pagan 1 a 1; un 7½ ganador se paga {n}:1 si la banca no se ha "
              "pasado.",
        "fr": "Les gains sont payés 1 pour 1 ; un 7½ gagnant est payé {n}:1 si la banque n'a pas "
              "sauté.",
    },
    "brief.royal": {
        "en": "Royal 7½ (a 7 and a figure as the only two cards) beats any other 7½ and is paid "
              "double.",
        "it": "Il sette e mezzo reale (un 7 e una figura, solo due carte) batte ogni altro 7½ ed "
              "è pagato doppio.",
        "es": "El siete y media real (un 7 y una figura, solo dos cartas) gana a cualquier otro "
              "7½ y se paga doble.",
        "fr": "Le sept et demi royal (un 7 et une figure, deux cartes seulement) bat tout autre "
              "7½ et est payé double.",
    },
    "brief.pair": {
        "en": "A pair of sevens (two 7s and nothing else) beats everything, is shown at once and "
              "is paid triple.",
        "it": "La coppia di sette (due 7 e nient'altro) batte tutto, si mostra subito ed è "
              "pagata tripla.",
        "es": "La pareja de sietes (dos 7 y nada más) gana a todo, se muestra enseguida y se "
              "paga triple.",
        "fr": "La paire de sept (deux 7 et rien d'autre) bat tout, se montre tout de suite et "
              "est payée triple.",
    },
    # -- widgets: common controls and odds -------------------------------------------------------
    "ui.stand": {"en": "Stand", "it": "Sto", "es": "Me planto", "fr": "Je reste"},
    "ui.hit": {"en": "Hit", "it": "Carta", "es": "Pido", "fr": "Je tire"},
    "ui.either": {"en": "Either", "it": "Indifferente", "es": "Da igual", "fr": "Au choix"},
    "ui.rules": {"en": "Rules", "it": "Regole", "es": "Reglas", "fr": "Règles"},
    "ui.face_down": {
        "en": "Face-down card",
        "it": "Carta coperta",
        "es": "Carta tapada",
        "fr": "Carte cachée",
    },
    "ui.seen": {
        "en": "Cards seen",
        "it": "Carte viste",
        "es": "Cartas vistas",
        "fr": "Cartes vues",
    },
    "ui.seen_help": {
        "en": "other cards on the table, e.g. 7d Kc 3",
        "it": "altre carte sul tavolo, es. 7d Kc 3",
        "es": "otras cartas en la mesa, p. ej. 7d Kc 3",
        "fr": "autres cartes sur la table, p. ex. 7d Kc 3",
    },
    "ui.add_up": {
        "en": "Add face-up:",
        "it": "Aggiungi scoperta:",
        "es": "Añadir descubierta:",
        "fr": "Ajouter une visible :",
    },
    "ui.undo": {
        "en": "Remove last",
        "it": "Togli l'ultima",
        "es": "Quitar la última",
        "fr": "Retirer la dernière",
    },
    "ui.clear": {"en": "Clear", "it": "Azzera", "es": "Borrar", "fr": "Effacer"},
    "ui.nothing_up": {
        "en": "nothing up",
        "it": "nessuna scoperta",
        "es": "nada descubierto",
        "fr": "aucune carte visible",
    },
    "ui.none": {"en": "none", "it": "nessuna", "es": "ninguna", "fr": "aucune"},
    "ui.hand": {"en": "Your hand", "it": "La tua mano", "es": "Tu mano", "fr": "Ta main"},
    "ui.computing": {
        "en": "Computing the exact table for {rules} (a few seconds, once per rule set)...",
        "it": "Calcolo la tabella esatta per {rules} (qualche secondo, una volta sola per "
              "regolamento)...",
        "es": "Calculando la tabla exacta para {rules} (unos segundos, una vez por reglamento)...",
        "fr": "Calcul de la table exacte pour {rules} (quelques secondes, une seule fois par jeu "
              "de règles)...",
    },
    "ui.unsupported": {
        "en": "The exact engine does not handle {rules} yet: {why}",
        "it": "Il motore esatto non gestisce ancora {rules}: {why}",
        "es": "El motor exacto aún no trata {rules}: {why}",
        "fr": "Le calcul exact ne traite pas encore {rules} : {why}",
    },
    "ui.engine_failed": {
        "en": "The exact engine failed on {rules}: {why}",
        "it": "Il motore esatto non è riuscito con {rules}: {why}",
        "es": "El motor exacto falló con {rules}: {why}",
        "fr": "Le calcul exact a échoué pour {rules} : {why}",
    },
    "ui.bad_cards": {
        "en": "Cannot read the cards: {why}",
        "it": "Non riesco a leggere le carte: {why}",
        "es": "No puedo leer las cartas: {why}",
        "fr": "Impossible de lire les cartes : {why}",
    },
    "ui.bust_if_hit": {
        "en": "Bust if you hit: {p}",
        "it": "Sballi se chiedi carta: {p}",
        "es": "Te pasas si pides: {p}",
        "fr": "Tu sautes si tu tires : {p}",
    },
    "ui.seven_half_if_hit": {
        "en": "Exactly 7½ with one card: {p}",
        "it": "7½ esatto con una carta: {p}",
        "es": "7½ justo con una carta: {p}",
        "fr": "Sept et demi pile avec une carte : {p}",
    },
    "ui.win_stand": {
        "en": "Win chance if you stand: {p}",
        "it": "Probabilità di vincere se stai: {p}",
        "es": "Probabilidad de ganar si te plantas: {p}",
        "fr": "Chance de gagner si tu restes : {p}",
    },
    "ui.win_hit": {
        "en": "Win chance if you hit (then play well): {p}",
        "it": "Probabilità di vincere se chiedi carta (e poi giochi bene): {p}",
        "es": "Probabilidad de ganar si pides (y luego juegas bien): {p}",
        "fr": "Chance de gagner si tu tires (puis joues au mieux) : {p}",
    },
    "ui.ev": {
        "en": "Expected gain per stake",
        "it": "Guadagno atteso per posta",
        "es": "Ganancia esperada por apuesta",
        "fr": "Gain espéré par mise",
    },
    "ui.ev_stand": {"en": "stand", "it": "stai", "es": "plantarse", "fr": "rester"},
    "ui.ev_hit": {"en": "hit", "it": "carta", "es": "pedir", "fr": "tirer"},
    "ui.mixed_pct": {
        "en": "hit {p} of the time",
        "it": "carta con probabilità {p}",
        "es": "pide el {p} de las veces",
        "fr": "tire {p} du temps",
    },
    "ui.computing_about": {
        "en": "Computing the exact table for {rules}: about {seconds} s, once per rule set...",
        "it": "Calcolo la tabella esatta per {rules}: circa {seconds} s, una volta sola per "
              "regolamento...",
        "es": "Calculando la tabla exacta para {rules}: unos {seconds} s, una vez por "
              "reglamento...",
        "fr": "Calcul de la table exacte pour {rules} : environ {seconds} s, une seule fois par "
              "jeu de règles...",
    },
    # -- the one-sentence advice -----------------------------------------------------------------
    "advice.banker_equilibrium": {
        "en": "best banker (equilibrium)",
        "it": "banco migliore (equilibrio)",
        "es": "mejor banca (equilibrio)",
        "fr": "meilleure banque (équilibre)",
    },
    "advice.banker_threshold": {
        "en": "banker hits below {k} (rule of thumb)",
        "it": "banco che chiede carta sotto {k} (regola pratica)",
        "es": "banca que pide por debajo de {k} (regla práctica)",
        "fr": "banque qui tire en dessous de {k} (règle simple)",
    },
    "advice.banker_omniscient": {
        "en": "banker who sees your face-down card",
        "it": "banco che vede la tua carta coperta",
        "es": "banca que ve tu carta tapada",
        "fr": "banque qui voit ta carte cachée",
    },
    "advice.best": {
        "en": "{hand}: {play} - worth {m} stakes more than to {other} ({ev}; {bust}) {against}.",
        "it": "{hand}: {play} - vale {m} poste più di {other} ({ev}; {bust}) {against}.",
        "es": "{hand}: {play} - vale {m} apuestas más que {other} ({ev}; {bust}) {against}.",
        "fr": "{hand} : {play} - vaut {m} mise de plus que {other} ({ev} ; {bust}) {against}.",
    },
    "advice.tie": {
        "en": "{hand}: either - both plays are worth the same {against} ({ev}; {bust}){how}.",
        "it": "{hand}: indifferente - le due giocate valgono uguale {against} ({ev}; "
              "{bust}){how}.",
        "es": "{hand}: da igual - las dos jugadas valen lo mismo {against} ({ev}; {bust}){how}.",
        "fr": "{hand} : au choix - les deux coups se valent {against} ({ev} ; {bust}){how}.",
    },
    "advice.hand": {
        "en": "face-down {hole}, up {up}",
        "it": "coperta {hole}, scoperte {up}",
        "es": "tapada {hole}, descubiertas {up}",
        "fr": "cachée {hole}, visibles {up}",
    },
    "advice.hand_none": {
        "en": "face-down {hole}, nothing up",
        "it": "coperta {hole}, nessuna scoperta",
        "es": "tapada {hole}, nada descubierto",
        "fr": "cachée {hole}, aucune visible",
    },
    "advice.at_stake": {
        "en": "{hand}, at a stake of {n} chips",
        "it": "{hand}, con una posta di {n} fiches",
        "es": "{hand}, con una apuesta de {n} fichas",
        "fr": "{hand}, pour une mise de {n} jetons",
    },
    "advice.ev_pair": {
        "en": "stand {s}, hit {h} stakes",
        "it": "stare {s}, carta {h} poste",
        "es": "plantarse {s}, pedir {h} apuestas",
        "fr": "rester {s}, tirer {h} mise",
    },
    "advice.bust": {
        "en": "a hit busts {p} of the time",
        "it": "sballo chiedendo carta: {p}",
        "es": "pidiendo te pasas el {p} de las veces",
        "fr": "en tirant tu sautes {p} du temps",
    },
    "advice.stand": {"en": "stand", "it": "stare", "es": "plantarse", "fr": "rester"},
    "advice.hit": {"en": "hit", "it": "chiedere carta", "es": "pedir", "fr": "tirer"},
    "advice.seen": {
        "en": "{hand}; {n} cards seen",
        "it": "{hand}; {n} carte viste",
        "es": "{hand}; {n} cartas vistas",
        "fr": "{hand} ; {n} cartes vues",
    },
    "advice.how_mixed": {
        "en": "; the equilibrium player hits {p} of the time, which keeps the banker from "
              "exploiting it",
        "it": "; il giocatore in equilibrio chiede carta con probabilità {p}, così il banco non "
              "può approfittarne",
        "es": "; el jugador en equilibrio pide el {p} de las veces, así la banca no puede "
              "aprovecharse",
        "fr": " ; le joueur à l'équilibre tire {p} du temps, ce qui empêche la banque d'en "
              "profiter",
    },
    "advice.how_pure": {
        "en": "; the equilibrium player chooses to {play}, which keeps the banker from "
              "exploiting it",
        "it": "; il giocatore in equilibrio sceglie di {play}, così il banco non può "
              "approfittarne",
        "es": "; el jugador en equilibrio elige {play}, así la banca no puede aprovecharse",
        "fr": " ; le joueur à l'équilibre choisit de {play}, ce qui empêche la banque d'en "
              "profiter",
    },
    "advice.against_equilibrium": {
        "en": "against the equilibrium banker",
        "it": "contro il banco migliore (equilibrio)",
        "es": "contra la mejor banca (equilibrio)",
        "fr": "contre la meilleure banque (équilibre)",
    },
    "advice.against_threshold": {
        "en": "against the threshold:{k} banker",
        "it": "contro il banco che chiede carta sotto {k} (regola pratica)",
        "es": "contra la banca que pide por debajo de {k} (regla práctica)",
        "fr": "contre la banque qui tire en dessous de {k} (règle simple)",
    },
    "advice.against_omniscient": {
        "en": "against the omniscient banker",
        "it": "contro il banco che vede la tua carta coperta",
        "es": "contra la banca que ve tu carta tapada",
        "fr": "contre la banque qui voit ta carte cachée",
    },
    "advice.against_other": {
        "en": "against the {name} banker",
        "it": "contro il banco {name}",
        "es": "contra la banca {name}",
        "fr": "contre la banque {name}",
    },
    "advice.split": {
        "en": "Split them? {verb}: splitting is worth {split} stakes in all (two hands), playing "
              "on as one hand {keep}{how}.",
        "it": "Dividerle? {verb}: dividere vale {split} poste in tutto (due mani), continuare "
              "con una mano sola {keep}{how}.",
        "es": "¿Separarlas? {verb}: separar vale {split} apuestas en total (dos manos), seguir "
              "con una sola mano {keep}{how}.",
        "fr": "Les séparer ? {verb} : séparer vaut {split} mise en tout (deux mains), continuer "
              "avec une seule main {keep}{how}.",
    },
    "advice.split_yes": {"en": "SPLIT", "it": "DIVIDI", "es": "SEPARA", "fr": "SÉPARER"},
    "advice.split_either": {
        "en": "either",
        "it": "indifferente",
        "es": "da igual",
        "fr": "au choix",
    },
    "advice.split_no": {
        "en": "do not split",
        "it": "non dividere",
        "es": "no separes",
        "fr": "ne pas séparer",
    },
    "advice.split_how": {
        "en": "; the equilibrium player splits {p} of the time",
        "it": "; il giocatore in equilibrio divide con probabilità {p}",
        "es": "; el jugador en equilibrio separa el {p} de las veces",
        "fr": " ; le joueur à l'équilibre sépare {p} du temps",
    },
    "advice.restricted": {
        "en": "Restricted game: {what}.",
        "it": "Gioco limitato: {what}.",
        "es": "Juego limitado: {what}.",
        "fr": "Jeu limité : {what}.",
    },
    # -- odds explorer widget --------------------------------------------------------------------
    "explorer.finished_seven_half": {
        "en": "That hand is 7½ (or better): the turn is over, nothing to decide.",
        "it": "Questa mano fa 7½ (o meglio): il turno è finito, non c'è niente da decidere.",
        "es": "Esa mano hace 7½ (o mejor): el turno terminó, no hay nada que decidir.",
        "fr": "Cette main fait sept et demi (ou mieux) : le tour est fini, rien à décider.",
    },
    "explorer.finished_bust": {
        "en": "That hand is bust (over 7½): the stake is lost.",
        "it": "Questa mano ha sballato (oltre 7½): la posta è persa.",
        "es": "Esa mano se pasó (más de 7½): la apuesta está perdida.",
        "fr": "Cette main a sauté (plus de 7½) : la mise est perdue.",
    },
    "explorer.best_play": {
        "en": "Best play: {play}",
        "it": "Giocata migliore: {play}",
        "es": "Mejor jugada: {play}",
        "fr": "Meilleur coup : {play}",
    },
    "explorer.seen_note": {
        "en": "Win chances assume the cards seen are back in the deck; the bust and 7½ chances "
              "use them. Tick 'exact with seen cards' for a fresh solve.",
        "it": "Le probabilità di vincere considerano le carte viste ancora nel mazzo; quelle di "
              "sballare e di fare 7½ ne tengono conto. Spunta 'esatto con le carte viste' per un "
              "nuovo calcolo.",
        "es": "Las probabilidades de ganar suponen las cartas vistas de vuelta en el mazo; las "
              "de pasarse y de 7½ las usan. Marca 'exacto con las cartas vistas' para un cálculo "
              "nuevo.",
        "fr": "Les chances de gagner supposent les cartes vues remises dans le paquet ; celles "
              "de sauter et de faire 7½ en tiennent compte. Coche « exact avec les cartes vues » "
              "pour un nouveau calcul.",
    },
    "explorer.exact_seen": {
        "en": "exact with seen cards (slower)",
        "it": "esatto con le carte viste (più lento)",
        "es": "exacto con las cartas vistas (más lento)",
        "fr": "exact avec les cartes vues (plus lent)",
    },
    "explorer.exact_seen_on": {
        "en": "Every number here takes the {n} seen card(s) into account.",
        "it": "Ogni numero qui tiene conto delle {n} carte viste.",
        "es": "Cada número aquí tiene en cuenta las {n} cartas vistas.",
        "fr": "Chaque nombre ici tient compte des {n} cartes vues.",
    },
    # -- trainer widget --------------------------------------------------------------------------
    "trainer.title": {
        "en": "Stand or hit? The trainer",
        "it": "Stai o carta? L'allenatore",
        "es": "¿Plantarse o pedir? El entrenador",
        "fr": "Rester ou tirer ? L'entraînement",
    },
    "trainer.seed": {
        "en": "Class seed",
        "it": "Seme della classe",
        "es": "Semilla de la clase",
        "fr": "Graine de la classe",
    },
    "trainer.level": {"en": "Level", "it": "Livello", "es": "Nivel", "fr": "Niveau"},
    "trainer.level_1": {
        "en": "1 - first card only, banker hits below 5",
        "it": "1 - solo la prima carta, il banco chiede sotto 5",
        "es": "1 - solo la primera carta, la banca pide por debajo de 5",
        "fr": "1 - la première carte seule, la banque tire en dessous de 5",
    },
    "trainer.level_2": {
        "en": "2 - longer hands, banker hits below 5",
        "it": "2 - mani più lunghe, il banco chiede sotto 5",
        "es": "2 - manos más largas, la banca pide por debajo de 5",
        "fr": "2 - des mains plus longues, la banque tire en dessous de 5",
    },
    "trainer.level_3": {
        "en": "3 - exact: the best banker",
        "it": "3 - esatto: il banco migliore",
        "es": "3 - exacto: la mejor banca",
        "fr": "3 - exact : la meilleure banque",
    },
    "trainer.level_4": {
        "en": "4 - the deck played down: the cards seen decide",
        "it": "4 - il mazzo giocato fino in fondo: decidono le carte uscite",
        "es": "4 - el mazo jugado hasta el final: deciden las cartas vistas",
        "fr": "4 - le paquet joué jusqu'au bout : les cartes vues décident",
    },
    "trainer.hard": {
        "en": "hard cases only",
        "it": "solo casi difficili",
        "es": "solo casos difíciles",
        "fr": "cas difficiles seulement",
    },
    "trainer.question": {
        "en": "Hand {i} of {n}",
        "it": "Mano {i} di {n}",
        "es": "Mano {i} de {n}",
        "fr": "Main {i} sur {n}",
    },
    "trainer.your_hand": {
        "en": "Your cards: {cards} (total {t}). Stand or hit?",
        "it": "Le tue carte: {cards} (totale {t}). Stai o carta?",
        "es": "Tus cartas: {cards} (total {t}). ¿Te plantas o pides?",
        "fr": "Tes cartes : {cards} (total {t}). Rester ou tirer ?",
    },
    "trainer.right": {"en": "Right!", "it": "Giusto!", "es": "¡Bien!", "fr": "Juste !"},
    "trainer.wrong": {
        "en": "Not this time.",
        "it": "Non questa volta.",
        "es": "Esta vez no.",
        "fr": "Pas cette fois.",
    },
    "trainer.tie_ok": {
        "en": "Either is fine here: both plays are worth the same.",
        "it": "Qui va bene tutto: le due giocate valgono uguale.",
        "es": "Aquí vale cualquiera: las dos jugadas valen lo mismo.",
        "fr": "Ici tout va bien : les deux coups se valent.",
    },
    "trainer.cost": {
        "en": "Your choice costs {c} stakes on average (over many such hands).",
        "it": "La tua scelta costa in media {c} poste (su tante mani come questa).",
        "es": "Tu elección cuesta de media {c} apuestas (en muchas manos como esta).",
        "fr": "Ton choix coûte en moyenne {c} mise (sur beaucoup de mains comme celle-ci).",
    },
    "trainer.best_is": {
        "en": "The better play is to {play}.",
        "it": "La giocata migliore è {play}.",
        "es": "La mejor jugada es {play}.",
        "fr": "Le meilleur coup : {play}.",
    },
    "trainer.retry": {"en": "Try again", "it": "Riprova", "es": "Reintentar", "fr": "Réessayer"},
    "trainer.next": {
        "en": "Next hand",
        "it": "Mano successiva",
        "es": "Siguiente mano",
        "fr": "Main suivante",
    },
    "trainer.restart": {
        "en": "Start again",
        "it": "Ricomincia",
        "es": "Empezar de nuevo",
        "fr": "Recommencer",
    },
    "trainer.score": {
        "en": "Answered {n}, right {r} ({acc}), stakes lost by mistakes {lost}",
        "it": "Risposte {n}, giuste {r} ({acc}), poste perse per errori {lost}",
        "es": "Respondidas {n}, bien {r} ({acc}), apuestas perdidas por errores {lost}",
        "fr": "Réponses {n}, justes {r} ({acc}), mises perdues par erreur {lost}",
    },
    "trainer.finished": {
        "en": "Done: {r} right out of {n} ({acc}), {lost} stakes lost by mistakes.",
        "it": "Fine: {r} giuste su {n} ({acc}), {lost} poste perse per errori.",
        "es": "Fin: {r} bien de {n} ({acc}), {lost} apuestas perdidas por errores.",
        "fr": "Fini : {r} justes sur {n} ({acc}), {lost} mise perdue par erreur.",
    },
    "trainer.summary_title": {
        "en": "Trainer: {r} of {n} right",
        "it": "Allenatore: {r} giuste su {n}",
        "es": "Entrenador: {r} de {n} bien",
        "fr": "Entraînement : {r} justes sur {n}",
    },
    "trainer.summary_cost": {
        "en": "stakes lost by the choice",
        "it": "poste perse per la scelta",
        "es": "apuestas perdidas por la elección",
        "fr": "mise perdue par le choix",
    },
    "trainer.summary_hand": {"en": "hand", "it": "mano", "es": "mano", "fr": "main"},
    "trainer.summary_cum": {
        "en": "accuracy so far",
        "it": "precisione finora",
        "es": "acierto hasta ahora",
        "fr": "précision jusqu'ici",
    },
    "trainer.summary_accuracy": {
        "en": "accuracy: {acc}",
        "it": "precisione: {acc}",
        "es": "acierto: {acc}",
        "fr": "précision : {acc}",
    },
    "trainer.summary_legend": {
        "en": "bars: stakes lost by the choice (✓: none)",
        "it": "barre: poste perse per la scelta (✓: nessuna)",
        "es": "barras: apuestas perdidas por la elección (✓: ninguna)",
        "fr": "barres : mise perdue par le choix (✓ : aucune)",
    },
    "trainer.retry_note": {
        "en": "(retry: not counted in the score)",
        "it": "(nuovo tentativo: non conta nel punteggio)",
        "es": "(reintento: no cuenta en la puntuación)",
        "fr": "(nouvel essai : ne compte pas dans le score)",
    },
    # -- classroom page --------------------------------------------------------------------------
    "classroom.tab_trainer": {
        "en": "Trainer",
        "it": "Allenatore",
        "es": "Entrenador",
        "fr": "Entraînement",
    },
    "classroom.tab_table": {"en": "Table", "it": "Tavolo", "es": "Mesa", "fr": "Table"},
    # -- banker's view widget --------------------------------------------------------------------
    "banker.title": {
        "en": "The banker's view",
        "it": "Il punto di vista del banco",
        "es": "El punto de vista de la banca",
        "fr": "Le point de vue de la banque",
    },
    "banker.player_up": {
        "en": "Player's face-up cards",
        "it": "Carte scoperte del giocatore",
        "es": "Cartas descubiertas del jugador",
        "fr": "Cartes visibles du joueur",
    },
    "banker.player_result": {
        "en": "Player's result",
        "it": "Risultato del giocatore",
        "es": "Resultado del jugador",
        "fr": "Résultat du joueur",
    },
    "banker.result_stood": {
        "en": "stood below 7½",
        "it": "sta sotto 7½",
        "es": "se planta por debajo de 7½",
        "fr": "reste sous 7½",
    },
    "banker.result_seven_half": {
        "en": "showed 7½",
        "it": "mostra 7½",
        "es": "enseña 7½",
        "fr": "montre 7½",
    },
    "banker.result_bust": {"en": "bust", "it": "ha sballato", "es": "se pasó", "fr": "a sauté"},
    "banker.total": {
        "en": "banker's total",
        "it": "totale del banco",
        "es": "total de la banca",
        "fr": "total de la banque",
    },
    "banker.cards": {
        "en": "banker holds",
        "it": "il banco ha",
        "es": "la banca tiene",
        "fr": "la banque a",
    },
    "banker.action": {
        "en": "best play",
        "it": "giocata migliore",
        "es": "mejor jugada",
        "fr": "meilleur coup",
    },
    "banker.win_stand": {
        "en": "wins if it stands",
        "it": "vince se sta",
        "es": "gana si se planta",
        "fr": "gagne si elle reste",
    },
    "banker.bust": {
        "en": "bust if it hits",
        "it": "sballa se chiede",
        "es": "se pasa si pide",
        "fr": "saute si elle tire",
    },
    "banker.why": {
        "en": "The player stood; face-up cards: {up}. Their total is {lo} to {hi}. The chart "
              "shows how likely each face-down card is, given that the player stood (the banker "
              "reads the player's choices).",
        "it": "Il giocatore sta; carte scoperte: {up}. Il suo totale va da {lo} a {hi}. Il "
              "grafico mostra quanto è probabile ogni carta coperta, sapendo che il giocatore si "
              "è fermato (il banco legge le scelte del giocatore).",
        "es": "El jugador se plantó; cartas descubiertas: {up}. Su total va de {lo} a {hi}. El "
              "gráfico muestra lo probable que es cada carta tapada, sabiendo que el jugador se "
              "plantó (la banca lee las decisiones del jugador).",
        "fr": "Le joueur reste ; cartes visibles : {up}. Son total va de {lo} à {hi}. Le "
              "graphique montre la probabilité de chaque carte cachée, sachant que le joueur est "
              "resté (la banque lit les choix du joueur).",
    },
    "banker.bust_text": {
        "en": "The player went bust: the banker has already won that stake and does not need to "
              "play.",
        "it": "Il giocatore ha sballato: il banco ha già vinto quella posta e non deve giocare.",
        "es": "El jugador se pasó: la banca ya ganó esa apuesta y no necesita jugar.",
        "fr": "Le joueur a sauté : la banque a déjà gagné cette mise et n'a pas besoin de jouer.",
    },
    "banker.seven_half_text": {
        "en": "The player showed {score}: standing below it loses for sure, so the banker hits "
              "until it reaches it or goes bust.",
        "it": "Il giocatore mostra {score}: stare sotto perde di sicuro, quindi il banco chiede "
              "carta finché lo raggiunge o sballa.",
        "es": "El jugador enseña {score}: plantarse por debajo pierde seguro, así que la banca "
              "pide hasta alcanzarlo o pasarse.",
        "fr": "Le joueur montre {score} : rester en dessous perd à coup sûr, donc la banque tire "
              "jusqu'à l'atteindre ou sauter.",
    },
    "banker.posterior_title": {
        "en": "Face-down card, as the banker sees it",
        "it": "La carta coperta, vista dal banco",
        "es": "La carta tapada, vista por la banca",
        "fr": "La carte cachée, vue par la banque",
    },
    "banker.no_situation": {
        "en": "The best player never stands with these face-up cards ({up}), so the equilibrium "
              "says nothing here; try other cards.",
        "it": "Il giocatore migliore non sta mai con queste carte scoperte ({up}): l'equilibrio "
              "qui non dice nulla; prova altre carte.",
        "es": "El mejor jugador nunca se planta con estas cartas descubiertas ({up}): el "
              "equilibrio no dice nada aquí; prueba otras cartas.",
        "fr": "Le meilleur joueur ne reste jamais avec ces cartes visibles ({up}) : l'équilibre "
              "ne dit rien ici ; essaie d'autres cartes.",
    },
    # -- variants widget -------------------------------------------------------------------------
    "variants.title": {
        "en": "Rule variants and the banker's edge",
        "it": "Varianti e vantaggio del banco",
        "es": "Variantes y ventaja de la banca",
        "fr": "Variantes et avantage de la banque",
    },
    "variants.base": {
        "en": "Base rules",
        "it": "Regole di base",
        "es": "Reglas base",
        "fr": "Règles de base",
    },
    "variants.edge_line": {
        "en": "Banker's edge: {edge} of the stake per hand (base {base}: {base_edge}).",
        "it": "Vantaggio del banco: {edge} della posta per mano (base {base}: {base_edge}).",
        "es": "Ventaja de la banca: {edge} de la apuesta por mano (base {base}: {base_edge}).",
        "fr": "Avantage de la banque : {edge} de la mise par main (base {base} : {base_edge}).",
    },
    "variants.edge_only": {
        "en": "Banker's edge: {edge} of the stake per hand.",
        "it": "Vantaggio del banco: {edge} della posta per mano.",
        "es": "Ventaja de la banca: {edge} de la apuesta por mano.",
        "fr": "Avantage de la banque : {edge} de la mise par main.",
    },
    "variants.compare_all": {
        "en": "Compare every single variant",
        "it": "Confronta ogni variante",
        "es": "Comparar cada variante",
        "fr": "Comparer chaque variante",
    },
    # -- classroom table widget ------------------------------------------------------------------
    "table.title": {
        "en": "The classroom table",
        "it": "Il tavolo della classe",
        "es": "La mesa de la clase",
        "fr": "La table de la classe",
    },
    "table.players": {"en": "Students", "it": "Studenti", "es": "Alumnos", "fr": "Élèves"},
    "table.computers": {
        "en": "Computer players",
        "it": "Giocatori computer",
        "es": "Jugadores ordenador",
        "fr": "Joueurs ordinateur",
    },
    "table.hint": {
        "en": "show the exact odds",
        "it": "mostra le probabilità esatte",
        "es": "mostrar las probabilidades exactas",
        "fr": "montrer les probabilités exactes",
    },
    "table.to_play": {
        "en": "{name} to play",
        "it": "Tocca a {name}",
        "es": "Juega {name}",
        "fr": "À {name} de jouer",
    },
    "table.banker_to_play": {
        "en": "{name} plays the bank",
        "it": "{name} gioca il banco",
        "es": "{name} juega la banca",
        "fr": "{name} tient la banque",
    },
    "table.stood": {"en": "stood", "it": "sta", "es": "plantado", "fr": "reste"},
    "table.showed": {
        "en": "shows {score}",
        "it": "mostra {score}",
        "es": "enseña {score}",
        "fr": "montre {score}",
    },
    "table.busted": {"en": "bust", "it": "sballato", "es": "pasado", "fr": "a sauté"},
    "table.out": {
        "en": "out of chips",
        "it": "senza fiches",
        "es": "sin fichas",
        "fr": "plus de jetons",
    },
    "table.hint_player": {
        "en": "Hint: {sentence}",
        "it": "Suggerimento: {sentence}",
        "es": "Pista: {sentence}",
        "fr": "Conseil : {sentence}",
    },
    "table.hint_banker": {
        "en": "Hint for the banker: {play} ({why})",
        "it": "Suggerimento per il banco: {play} ({why})",
        "es": "Pista para la banca: {play} ({why})",
        "fr": "Conseil pour la banque : {play} ({why})",
    },
    "table.settled": {
        "en": "Hand over.",
        "it": "Mano finita.",
        "es": "Mano terminada.",
        "fr": "Main terminée.",
    },
    "table.new_game": {
        "en": "New game",
        "it": "Nuova partita",
        "es": "Partida nueva",
        "fr": "Nouvelle partie",
    },
}
"""``TEXT[key][lang]``: every label the charts, handouts, widgets and the CLI print."""


def _merge(section: dict[str, dict[str, str]]) -> None:
    """Add a section of keys to `TEXT`; a key already there is an error, not a silent
    replacement (two views sharing a key must share its meaning)."""
    clash = sorted(set(section) & set(TEXT))
    if clash:
        raise ValueError(f"keys defined twice in the catalogue: {', '.join(clash)}")
    TEXT.update(section)


def _words(en: str, it: str, es: str, fr: str) -> dict[str, str]:
    """One key's text in every language, in `LANGUAGES` order."""
    return {"en": en, "it": it, "es": es, "fr": fr}


_RULE_TEXT: dict[str, dict[str, str]] = {
    # -- rule sets and knobs: `settemezzo.rules.KNOB_TABLE` names each label key ``knob.NAME``
    "rules.italian": _words("Italian rules", "regole italiane", "reglas italianas",
                            "règles italiennes"),
    "rules.spanish": _words("Spanish rules", "regole spagnole", "reglas españolas",
                            "règles espagnoles"),
    "rules.named": _words("{name} rules", "regole {name}", "reglas {name}", "règles {name}"),
    "knob.no": _words("no {what}", "senza {what}", "sin {what}", "sans {what}"),
    "knob.value": _words("{label} {value}", "{label} {value}", "{label} {value}",
                         "{label} {value}"),
    "knob.royal": _words("royal 7½", "sette e mezzo reale", "siete y media real",
                         "sept et demi royal"),
    "knob.wild_king": _words("wild K♦", "matta (re di denari)", "comodín (rey de oros)",
                             "roi de carreau joker"),
    "knob.pair_of_sevens": _words("pair of sevens", "coppia di sette", "pareja de sietes",
                                  "paire de sept"),
    "knob.burn": _words("burn a 4", "bruciare un 4", "quemar un 4", "brûler un 4"),
    "knob.burn_on": _words("burn {cards}", "bruciare {cards}", "quemar {cards}",
                           "brûler {cards}"),
    "knob.burn_off": _words("no burning", "senza bruciare", "sin quemar", "sans brûler"),
    "knob.ties_push": _words("ties push", "pareggio: posta resa",
                             "empate: se devuelve la apuesta", "égalité : mise rendue"),
    "knob.bank_passing": _words("bank passing", "passaggio del banco", "paso de la banca",
                                "passage de la banque"),
    "knob.bank_passing_rotate": _words("bank rotates", "il banco gira", "la banca rota",
                                       "la banque tourne"),
    "knob.bank_passing_keep": _words("banker keeps the bank", "il banchiere tiene il banco",
                                     "el banquero conserva la banca",
                                     "le banquier garde la banque"),
    "knob.bank_passing_seven_half": _words("bank passes on 7½", "il banco passa col 7½",
                                           "la banca pasa con el 7½",
                                           "la banque passe sur un 7½"),
    "knob.swap_hidden": _words("swap hidden card", "scambio della coperta",
                               "cambio de la tapada", "échange de la cachée"),
    "knob.split_figures": _words("split two figures", "dividere due figure",
                                 "separar dos figuras", "séparer deux figures"),
    "knob.split_figures_on": _words("split figures (up to {n} hands)",
                                    "dividere le figure (fino a {n} mani)",
                                    "separar figuras (hasta {n} manos)",
                                    "séparer les figures (jusqu'à {n} mains)"),
    "knob.split_figures_off": _words("no splitting", "senza dividere", "sin separar",
                                     "sans séparer"),
    "knob.stake_timing": _words("stake after the first card", "posta dopo la prima carta",
                                "apostar tras la primera carta",
                                "miser après la première carte"),
    "knob.stake_timing_before_deal": _words("stake before the deal",
                                            "posta prima della distribuzione",
                                            "apuesta antes del reparto",
                                            "mise avant la donne"),
    "knob.stake_timing_after_first_card": _words("stake after the first card",
                                                 "posta dopo la prima carta",
                                                 "apuesta tras la primera carta",
                                                 "mise après la première carte"),
    "knob.seven_half_pays": _words("7½ pays 2:1", "7½ paga doppio", "7½ paga doble",
                                   "7½ payé double"),
    "knob.seven_half_pays_on": _words("7½ pays {n}:1", "7½ paga {n}:1", "7½ paga {n}:1",
                                      "7½ payé {n}:1"),
    "knob.min_stake": _words("min stake", "posta minima", "apuesta mínima", "mise minimale"),
    "knob.max_stake": _words("max stake", "posta massima", "apuesta máxima", "mise maximale"),
    "knob.final_min_stake": _words("final min stake", "posta minima finale",
                                   "apuesta mínima final", "mise minimale finale"),
    "knob.final_max_stake": _words("final max stake", "posta massima finale",
                                   "apuesta máxima final", "mise maximale finale"),
    "knob.reshuffle": _words("reshuffle when the deck runs out", "mescolare a mazzo finito",
                             "barajar al acabarse el mazo", "mélanger quand le paquet est fini"),
    "knob.reshuffle_every_hand": _words("a fresh deck every hand", "mazzo nuovo a ogni mano",
                                        "mazo nuevo en cada mano",
                                        "paquet neuf à chaque main"),
    "knob.reshuffle_when_exhausted": _words("reshuffle when the deck runs out",
                                            "si rimescola a mazzo finito",
                                            "se baraja al acabarse el mazo",
                                            "on mélange quand le paquet est fini"),
    "knob.starting_chips": _words("starting chips", "gettoni iniziali", "fichas iniciales",
                                  "jetons de départ"),
    "knob.rounds": _words("rounds", "mani", "manos", "mains"),
}
"""The words for rule sets and knobs (part of `TEXT`)."""

_merge(_RULE_TEXT)


# -- the classroom server: the students' pages, the dashboard, the report --
_CLASS_TEXT: dict[str, dict[str, str]] = {
    "class.title": {"en": "Sette e mezzo in class", "it": "Sette e mezzo in classe",
                    "es": "Siete y media en clase", "fr": "Sept et demi en classe"},
    "class.language": {"en": "Language", "it": "Lingua", "es": "Idioma", "fr": "Langue"},
    "class.join_title": {"en": "Join the class", "it": "Entra nella classe",
                         "es": "Únete a la clase", "fr": "Rejoindre la classe"},
    "class.code": {"en": "Class code", "it": "Codice della classe", "es": "Código de la clase",
                   "fr": "Code de la classe"},
    "class.name": {"en": "Your name", "it": "Il tuo nome", "es": "Tu nombre",
                   "fr": "Ton prénom"},
    "class.join": {"en": "Join", "it": "Entra", "es": "Entrar", "fr": "Entrer"},
    "class.bad_code": {"en": "That class code is not right: check the board.",
                       "it": "Il codice della classe non è giusto: guarda la lavagna.",
                       "es": "El código de la clase no es correcto: mira la pizarra.",
                       "fr": "Ce code de classe n'est pas le bon : regarde le tableau."},
    "class.bad_name": {"en": "Type a name of 1 to 30 letters.",
                       "it": "Scrivi un nome da 1 a 30 lettere.",
                       "es": "Escribe un nombre de 1 a 30 letras.",
                       "fr": "Écris un prénom de 1 à 30 lettres."},
    "class.hello": {"en": "Hello, {name}", "it": "Ciao, {name}", "es": "Hola, {name}",
                    "fr": "Bonjour, {name}"},
    "class.round": {"en": "Round {r}", "it": "Turno {r}", "es": "Ronda {r}", "fr": "Manche {r}"},
    "class.hand": {"en": "Hand {i} of {n}", "it": "Mano {i} di {n}", "es": "Mano {i} de {n}",
                   "fr": "Main {i} sur {n}"},
    "class.your_cards": {"en": "Your cards (face-down first): {cards}, total {t}",
                         "it": "Le tue carte (prima la coperta): {cards}, totale {t}",
                         "es": "Tus cartas (primero la tapada): {cards}, total {t}",
                         "fr": "Tes cartes (la cachée d'abord) : {cards}, total {t}"},
    "class.play_stand": {"en": "stand", "it": "stare", "es": "plantarse", "fr": "rester"},
    "class.play_hit": {"en": "hit", "it": "chiedere carta", "es": "pedir carta",
                       "fr": "tirer"},
    "class.play_mixed": {"en": "either (a mixed play)", "it": "indifferente (gioco misto)",
                         "es": "cualquiera (juego mixto)", "fr": "l'un ou l'autre (mixte)"},
    "class.play_either": {"en": "either", "it": "indifferente", "es": "cualquiera",
                          "fr": "l'un ou l'autre"},
    "class.right": {"en": "Right!", "it": "Giusto!", "es": "¡Correcto!", "fr": "Juste !"},
    "class.wrong": {"en": "Not the best play.", "it": "Non è la giocata migliore.",
                    "es": "No es la mejor jugada.", "fr": "Ce n'est pas le meilleur choix."},
    "class.best_is": {"en": "The best play is to {play}.", "it": "La giocata migliore: {play}.",
                      "es": "La mejor jugada: {play}.", "fr": "Le meilleur choix : {play}."},
    "class.tie": {"en": "Both plays are worth the same here: either is right.",
                  "it": "Qui le due giocate valgono uguale: vanno bene entrambe.",
                  "es": "Aquí las dos jugadas valen lo mismo: ambas valen.",
                  "fr": "Ici les deux choix se valent : les deux sont justes."},
    "class.cost": {"en": "This choice gives away {c} of a stake on average.",
                   "it": "Questa scelta costa in media {c} della posta.",
                   "es": "Esta elección cuesta de media {c} de la apuesta.",
                   "fr": "Ce choix coûte en moyenne {c} de la mise."},
    "class.values": {"en": "Value per unit stake: stand {stand}, hit {hit}.",
                     "it": "Valore per unità di posta: stare {stand}, carta {hit}.",
                     "es": "Valor por unidad apostada: plantarse {stand}, pedir {hit}.",
                     "fr": "Valeur par unité de mise : rester {stand}, tirer {hit}."},
    "class.bust_if_hit": {"en": "Chance of going bust if you hit: {p}.",
                          "it": "Probabilità di sballare chiedendo carta: {p}.",
                          "es": "Probabilidad de pasarse si pides: {p}.",
                          "fr": "Probabilité de dépasser si tu tires : {p}."},
    "class.next": {"en": "Next hand", "it": "Mano successiva", "es": "Mano siguiente",
                   "fr": "Main suivante"},
    "class.score": {"en": "Right {r} of {n} ({acc}); stakes lost by mistakes {lost}",
                    "it": "Giuste {r} su {n} ({acc}); poste perse per errori {lost}",
                    "es": "Correctas {r} de {n} ({acc}); apuestas perdidas por errores {lost}",
                    "fr": "Justes {r} sur {n} ({acc}) ; mises perdues par erreur {lost}"},
    "class.done": {"en": "Round finished: {r} right out of {n}. Wait for the next round.",
                   "it": "Turno finito: {r} giuste su {n}. Aspetta il prossimo turno.",
                   "es": "Ronda terminada: {r} correctas de {n}. Espera la siguiente ronda.",
                   "fr": "Manche finie : {r} justes sur {n}. Attends la manche suivante."},
    "class.against": {"en": "Judged against {banker}.", "it": "Giudicato contro {banker}.",
                      "es": "Juzgado contra {banker}.", "fr": "Jugé contre {banker}."},
    "class.banker_equilibrium": {"en": "the best banker (equilibrium)",
                                 "it": "il banco migliore (equilibrio)",
                                 "es": "la mejor banca (equilibrio)",
                                 "fr": "la meilleure banque (équilibre)"},
    "class.banker_threshold": {"en": "a banker who hits below {k}",
                               "it": "un banco che chiede carta sotto {k}",
                               "es": "una banca que pide por debajo de {k}",
                               "fr": "une banque qui tire en dessous de {k}"},
    # the teacher
    "class.teacher_title": {"en": "Teacher's dashboard", "it": "Pannello dell'insegnante",
                            "es": "Panel del profesor", "fr": "Tableau de bord de l'enseignant"},
    "class.teacher_code": {"en": "Teacher code", "it": "Codice dell'insegnante",
                           "es": "Código del profesor", "fr": "Code de l'enseignant"},
    "class.open": {"en": "Open", "it": "Apri", "es": "Abrir", "fr": "Ouvrir"},
    "class.bad_teacher": {"en": "That teacher code is not right.",
                          "it": "Il codice dell'insegnante non è giusto.",
                          "es": "El código del profesor no es correcto.",
                          "fr": "Ce code d'enseignant n'est pas le bon."},
    "class.join_how": {"en": "Students open {url} and type the class code {code}.",
                       "it": "Gli studenti aprono {url} e scrivono il codice {code}.",
                       "es": "Los alumnos abren {url} y escriben el código {code}.",
                       "fr": "Les élèves ouvrent {url} et tapent le code {code}."},
    "class.summary_line": {"en": "Round {r} (seed {seed}): {s} students, {n} answers, {right} "
                                 "right, {lost} stakes lost by mistakes.",
                           "it": "Turno {r} (seme {seed}): {s} studenti, {n} risposte, {right} "
                                 "giuste, {lost} poste perse per errori.",
                           "es": "Ronda {r} (semilla {seed}): {s} alumnos, {n} respuestas, "
                                 "{right} correctas, {lost} apuestas perdidas por errores.",
                           "fr": "Manche {r} (graine {seed}) : {s} élèves, {n} réponses, "
                                 "{right} justes, {lost} mises perdues par erreur."},
    "class.scoreboard": {"en": "Scoreboard", "it": "Classifica", "es": "Clasificación",
                         "fr": "Classement"},
    "class.col_name": {"en": "Student", "it": "Studente", "es": "Alumno", "fr": "Élève"},
    "class.col_answered": {"en": "Answered", "it": "Risposte", "es": "Respuestas",
                           "fr": "Réponses"},
    "class.col_right": {"en": "Right", "it": "Giuste", "es": "Correctas", "fr": "Justes"},
    "class.col_accuracy": {"en": "Accuracy", "it": "Precisione", "es": "Acierto",
                           "fr": "Réussite"},
    "class.col_lost": {"en": "Stakes lost", "it": "Poste perse", "es": "Apuestas perdidas",
                       "fr": "Mises perdues"},
    "class.col_seconds": {"en": "Seconds per answer", "it": "Secondi per risposta",
                          "es": "Segundos por respuesta", "fr": "Secondes par réponse"},
    "class.col_state": {"en": "Hand", "it": "Mano", "es": "Mano", "fr": "Main"},
    "class.col_choice": {"en": "Chose", "it": "Scelta", "es": "Eligió", "fr": "Choix"},
    "class.col_best": {"en": "Best", "it": "Migliore", "es": "Mejor", "fr": "Meilleur"},
    "class.col_cost": {"en": "Cost", "it": "Costo", "es": "Coste", "fr": "Coût"},
    "class.heat_title": {"en": "Mistakes by hand: face-down card × face-up total",
                         "it": "Errori per mano: carta coperta × totale scoperto",
                         "es": "Errores por mano: carta tapada × total descubierto",
                         "fr": "Erreurs par main : carte cachée × total visible"},
    "class.heat_rows": {"en": "face-down card", "it": "carta coperta", "es": "carta tapada",
                        "fr": "carte cachée"},
    "class.heat_cols": {"en": "face-up total", "it": "totale scoperto",
                        "es": "total descubierto", "fr": "total visible"},
    "class.heat_cell": {"en": "{w} wrong of {n}", "it": "{w} errate su {n}",
                        "es": "{w} mal de {n}", "fr": "{w} fausses sur {n}"},
    "class.costly": {"en": "The most expensive mistakes", "it": "Gli errori più costosi",
                     "es": "Los errores más caros", "fr": "Les erreurs les plus coûteuses"},
    "class.progress": {"en": "Each student's progress", "it": "I progressi di ogni studente",
                       "es": "El progreso de cada alumno", "fr": "La progression de chaque élève"},
    "class.progress_axis": {"en": "answer", "it": "risposta", "es": "respuesta",
                            "fr": "réponse"},
    "class.accuracy_axis": {"en": "accuracy so far", "it": "precisione finora",
                            "es": "acierto hasta ahora", "fr": "réussite jusqu'ici"},
    "class.nobody": {"en": "No answers yet.", "it": "Ancora nessuna risposta.",
                     "es": "Aún no hay respuestas.", "fr": "Pas encore de réponse."},
    "class.export_csv": {"en": "Scoreboard (CSV)", "it": "Classifica (CSV)",
                         "es": "Clasificación (CSV)", "fr": "Classement (CSV)"},
    "class.export_answers": {"en": "Every answer (CSV)", "it": "Tutte le risposte (CSV)",
                             "es": "Todas las respuestas (CSV)",
                             "fr": "Toutes les réponses (CSV)"},
    "class.export_pdf": {"en": "One-page summary (PDF)", "it": "Riassunto di una pagina (PDF)",
                         "es": "Resumen de una página (PDF)",
                         "fr": "Résumé d'une page (PDF)"},
    "class.new_round": {"en": "Start a new round", "it": "Nuovo turno",
                        "es": "Empezar una ronda nueva", "fr": "Nouvelle manche"},
    "class.reset": {"en": "Reset the class (forget every answer)",
                    "it": "Azzera la classe (dimentica ogni risposta)",
                    "es": "Reiniciar la clase (olvidar todas las respuestas)",
                    "fr": "Réinitialiser la classe (oublier toutes les réponses)"},
    "class.report_title": {"en": "Class report", "it": "Resoconto della classe",
                           "es": "Informe de la clase", "fr": "Bilan de la classe"},
    "class.serving": {"en": "Class open at {url}  class code: {code}  teacher code: {teacher} "
                            "(dashboard: {url}/teacher). Press Ctrl+C to stop.",
                      "it": "Classe aperta su {url}  codice della classe: {code}  codice "
                            "dell'insegnante: {teacher} (pannello: {url}/teacher). Ctrl+C per "
                            "fermare.",
                      "es": "Clase abierta en {url}  código de la clase: {code}  código del "
                            "profesor: {teacher} (panel: {url}/teacher). Ctrl+C para parar.",
                      "fr": "Classe ouverte sur {url}  code de la classe : {code}  code de "
                            "l'enseignant : {teacher} (tableau de bord : {url}/teacher). "
                            "Ctrl+C pour arrêter."},
    "class.stopped": {"en": "Class stopped; every answer is kept in {db}.",
                      "it": "Classe chiusa; ogni risposta è salvata in {db}.",
                      "es": "Clase cerrada; todas las respuestas quedan en {db}.",
                      "fr": "Classe arrêtée ; toutes les réponses restent dans {db}."},
    # the table (settemezzo.classroom_server.table)
    "class.to_table": {"en": "Play at the table", "it": "Gioca al tavolo",
                       "es": "Jugar en la mesa", "fr": "Jouer à la table"},
    "class.to_trainer": {"en": "Back to the trainer", "it": "Torna all'allenamento",
                         "es": "Volver al entrenador", "fr": "Retour à l'entraînement"},
    "class.table_title": {"en": "At the table: you against the bank",
                          "it": "Al tavolo: tu contro il banco",
                          "es": "En la mesa: tú contra la banca",
                          "fr": "À la table : toi contre la banque"},
    "class.face_down": {"en": "face-down", "it": "coperta", "es": "tapada", "fr": "cachée"},
    "class.bet": {"en": "Bet", "it": "Punta", "es": "Apostar", "fr": "Miser"},
    "class.burn": {"en": "Burn the face-down card", "it": "Brucia la coperta",
                   "es": "Quemar la tapada", "fr": "Brûler la cachée"},
    "class.swap": {"en": "Swap", "it": "Scambia", "es": "Cambiar", "fr": "Échanger"},
    "class.won": {"en": "won {g}", "it": "vince {g}", "es": "gana {g}", "fr": "gagne {g}"},
    "class.lost": {"en": "lost {g}", "it": "perde {g}", "es": "pierde {g}",
                   "fr": "perd {g}"},
    "class.push": {"en": "push", "it": "pari", "es": "empate", "fr": "égalité"},
    "class.hand_no": {"en": "Hand {i}", "it": "Mano {i}", "es": "Mano {i}", "fr": "Main {i}"},
    "class.your_stake": {"en": "stake {n}", "it": "posta {n}", "es": "apuesta {n}",
                         "fr": "mise {n}"},
    "class.game_over": {"en": "The game is over.", "it": "La partita è finita.",
                        "es": "La partida ha terminado.", "fr": "La partie est finie."},
}
_merge(_CLASS_TEXT)


# -- the classroom and terminal table (settemezzo.simulate.tablegame) -------------------------
_TABLE_TEXT: dict[str, dict[str, str]] = {
    "table.student": {"en": "Student {i}", "it": "Studente {i}", "es": "Estudiante {i}",
                      "fr": "Élève {i}"},
    "table.computer": {"en": "Computer {i}", "it": "Computer {i}", "es": "Ordenador {i}",
                       "fr": "Ordinateur {i}"},
    "table.burn": {"en": "burn", "it": "brucia", "es": "quemar", "fr": "brûler"},
    "table.next": {"en": "Enter: next hand, q: quit", "it": "Invio: mano successiva, q: esci",
                   "es": "Intro: mano siguiente, q: salir",
                   "fr": "Entrée : main suivante, q : quitter"},
    "table.no_hint": {"en": "No exact hint for this hand.",
                      "it": "Nessun consiglio esatto per questa mano.",
                      "es": "No hay consejo exacto para esta mano.",
                      "fr": "Pas de conseil exact pour cette main."},
    "table.bank_hint": {"en": "The table banker would {play}.",
                        "it": "Il banco del simulatore farebbe: {play}.",
                        "es": "La banca del simulador haría: {play}.",
                        "fr": "La banque du simulateur ferait : {play}."},
    "table.swap": {"en": "Swap (new card face down)", "it": "Scambia (nuova carta coperta)",
                   "es": "Cambiar (carta nueva tapada)",
                   "fr": "Échanger (nouvelle carte cachée)"},
    "table.stake_button": {"en": "Stake", "it": "Punta", "es": "Apostar", "fr": "Miser"},
    "table.your_stake": {"en": "{name}: your stake ({lo} to {hi})",
                         "it": "{name}: la tua puntata (da {lo} a {hi})",
                         "es": "{name}: tu apuesta (de {lo} a {hi})",
                         "fr": "{name} : ta mise (de {lo} à {hi})"},
    "table.won": {"en": "won {n}", "it": "vince {n}", "es": "gana {n}", "fr": "gagne {n}"},
    "table.lost": {"en": "lost {n}", "it": "perde {n}", "es": "pierde {n}", "fr": "perd {n}"},
    "table.push": {"en": "push", "it": "patta", "es": "empate", "fr": "égalité"},
    "table.hand_now": {"en": "Hand {n} (being played)", "it": "Mano {n} (in corso)",
                       "es": "Mano {n} (en juego)", "fr": "Main {n} (en cours)"},
    "table.hand_done": {"en": "Hand {n}: {name} (bank) {score}",
                        "it": "Mano {n}: {name} (banco) {score}",
                        "es": "Mano {n}: {name} (banca) {score}",
                        "fr": "Main {n} : {name} (banque) {score}"},
    "table.not_played": {"en": "did not play", "it": "non gioca", "es": "no juega",
                         "fr": "ne joue pas"},
    "table.seat_line": {"en": "{name}: {cards} = {score}, {result}",
                        "it": "{name}: {cards} = {score}, {result}",
                        "es": "{name}: {cards} = {score}, {result}",
                        "fr": "{name} : {cards} = {score}, {result}"},
    "table.burnt": {"en": "burnt {card}", "it": "bruciata {card}", "es": "quemada {card}",
                    "fr": "brûlée {card}"},
    "table.bank_taken": {"en": "{name} takes the bank with a 7½.",
                         "it": "{name} prende il banco con un sette e mezzo.",
                         "es": "{name} se queda la banca con un siete y media.",
                         "fr": "{name} prend la banque avec un sept et demi."},
    "table.bank_rotates": {"en": "The bank moves to {name}.", "it": "Il banco passa a {name}.",
                           "es": "La banca pasa a {name}.", "fr": "La banque passe à {name}."},
    "table.bank_eliminated": {"en": "The banker is out of chips: the bank goes to {name}.",
                              "it": "Il banco ha finito le fiches: passa a {name}.",
                              "es": "La banca se ha quedado sin fichas: pasa a {name}.",
                              "fr": "La banque n'a plus de jetons : elle passe à {name}."},
    "table.bank_sold": {"en": "{name} buys the bank.", "it": "{name} compra il banco.",
                        "es": "{name} compra la banca.", "fr": "{name} achète la banque."},
    "table.game_over": {"en": "Game over: {name} has the most chips.",
                        "it": "Fine della partita: {name} ha più fiches.",
                        "es": "Fin de la partida: {name} tiene más fichas.",
                        "fr": "Partie terminée : {name} a le plus de jetons."},
    "table.round": {"en": "Round {n}: stakes {lo} to {hi}",
                    "it": "Giro {n}: puntate da {lo} a {hi}",
                    "es": "Ronda {n}: apuestas de {lo} a {hi}",
                    "fr": "Tour {n} : mises de {lo} à {hi}"},
    "table.prompt": {"en": "{name}, choose: {options} (? hint, q quit)",
                     "it": "{name}, scegli: {options} (? consiglio, q esci)",
                     "es": "{name}, elige: {options} (? consejo, q salir)",
                     "fr": "{name}, choisis : {options} (? conseil, q quitter)"},
    "table.bust_hint": {"en": "Counting every card on the table, a hit busts {p}.",
                        "it": "Contando ogni carta sul tavolo, una carta sballa {p}.",
                        "es": "Contando todas las cartas de la mesa, pedir se pasa {p}.",
                        "fr": "En comptant toutes les cartes de la table, tirer fait sauter {p}."},
}
_merge(_TABLE_TEXT)


# -- playing the deck down (settemezzo.deckdown, settemezzo.plots_deck) ------------------------
_DECK_TEXT: dict[str, dict[str, str]] = {
    "deck.worth_title": {"en": "What remembering the cards seen is worth",
                         "it": "Quanto vale ricordare le carte uscite",
                         "es": "Cuánto vale recordar las cartas vistas",
                         "fr": "Ce que vaut le souvenir des cartes vues"},
    "deck.worth_axis": {"en": "worth of remembering (share of the stake, per hand)",
                        "it": "valore del ricordare (quota della posta, per mano)",
                        "es": "valor de recordar (parte de la apuesta, por mano)",
                        "fr": "valeur du souvenir (part de la mise, par main)"},
    "deck.heads_up": {"en": "heads-up", "it": "uno contro uno", "es": "mano a mano",
                      "fr": "en tête-à-tête"},
    "deck.players": {"en": "{n} players", "it": "{n} giocatori", "es": "{n} jugadores",
                     "fr": "{n} joueurs"},
    "deck.banker_threshold": {"en": "banker stands on {k}",
                              "it": "il banco sta a {k}",
                              "es": "la banca se planta en {k}",
                              "fr": "la banque reste à {k}"},
    "deck.banker_table": {"en": "banker remembers and reads the player",
                          "it": "il banco ricorda e legge il giocatore",
                          "es": "la banca recuerda y lee al jugador",
                          "fr": "la banque se souvient et lit le joueur"},
    "deck.banker_equilibrium": {"en": "banker remembers (equilibrium)",
                                "it": "il banco ricorda (equilibrio)",
                                "es": "la banca recuerda (equilibrio)",
                                "fr": "la banque se souvient (équilibre)"},
    "deck.se_note": {"en": "Bars: ± one standard error over the deck cycles played. Each "
                           "hand is valued exactly for the cards left.",
                     "it": "Barre: ± un errore standard sui mazzi giocati. Ogni mano è "
                           "valutata esattamente per le carte rimaste.",
                     "es": "Barras: ± un error típico sobre los mazos jugados. Cada mano se "
                           "valora exactamente para las cartas que quedan.",
                     "fr": "Barres : ± une erreur type sur les paquets joués. Chaque main "
                           "est évaluée exactement pour les cartes restantes."},
    "deck.count_title": {"en": "The banker's edge and the count",
                         "it": "Il vantaggio del banco e il conteggio",
                         "es": "La ventaja de la banca y la cuenta",
                         "fr": "L'avantage de la banque et le compte"},
    "deck.count_axis": {"en": "count of the cards seen, per 10 cards left ({rule})",
                        "it": "conteggio delle carte uscite, per 10 carte rimaste ({rule})",
                        "es": "cuenta de las cartas vistas, por cada 10 cartas restantes "
                              "({rule})",
                        "fr": "compte des cartes vues, pour 10 cartes restantes ({rule})"},
    "deck.edge_axis": {"en": "banker's edge against the player who remembers",
                       "it": "vantaggio del banco sul giocatore che ricorda",
                       "es": "ventaja de la banca contra el jugador que recuerda",
                       "fr": "avantage de la banque sur le joueur qui se souvient"},
    "deck.mean": {"en": "mean at this count", "it": "media a questo conteggio",
                  "es": "media con esta cuenta", "fr": "moyenne à ce compte"},
    "deck.hands": {"en": "one hand (its cards left)", "it": "una mano (le sue carte rimaste)",
                   "es": "una mano (sus cartas restantes)",
                   "fr": "une main (ses cartes restantes)"},
    "deck.count_note": {"en": "The count captures {share} of what remembering every card "
                              "is worth against this banker.",
                        "it": "Il conteggio cattura {share} di quanto vale ricordare ogni "
                              "carta contro questo banco.",
                        "es": "La cuenta captura {share} de lo que vale recordar cada carta "
                              "contra esta banca.",
                        "fr": "Le compte capture {share} de ce que vaut le souvenir de "
                              "chaque carte contre cette banque."},
    "deck.card_title": {"en": "Counting card", "it": "Carta del conteggio",
                        "es": "Tarjeta de la cuenta", "fr": "Carte du compte"},
    "deck.card_rule": {"en": "Count the cards seen since the shuffle: {rule}. Divide by the "
                             "tens of cards left.",
                       "it": "Conta le carte uscite dall'ultimo mescolamento: {rule}. Dividi "
                             "per le decine di carte rimaste.",
                       "es": "Cuenta las cartas vistas desde que se barajó: {rule}. Divide "
                             "por las decenas de cartas que quedan.",
                       "fr": "Comptez les cartes vues depuis le mélange : {rule}. Divisez "
                             "par les dizaines de cartes restantes."},
    "deck.card_hand": {"en": "your cards", "it": "le tue carte", "es": "tus cartas",
                       "fr": "vos cartes"},
    "deck.card_full": {"en": "fresh deck", "it": "mazzo nuovo", "es": "mazo nuevo",
                       "fr": "paquet neuf"},
    "deck.card_hit_at": {"en": "hit when the count is {op} {c}",
                         "it": "carta quando il conteggio è {op} {c}",
                         "es": "pide carta cuando la cuenta es {op} {c}",
                         "fr": "tirez quand le compte est {op} {c}"},
    "deck.explorer_fresh": {"en": "The cards seen change the play: on a fresh deck, {fresh}; "
                                  "for the cards left, {now}.",
                            "it": "Le carte uscite cambiano la giocata: a mazzo nuovo, {fresh}; "
                                  "con le carte rimaste, {now}.",
                            "es": "Las cartas vistas cambian la jugada: con el mazo nuevo, "
                                  "{fresh}; con las cartas que quedan, {now}.",
                            "fr": "Les cartes vues changent le coup : paquet neuf, {fresh} ; "
                                  "avec les cartes restantes, {now}."},
    "deck.trainer_seen": {"en": "Seen since the shuffle ({n} cards, out of the deck):",
                           "it": "Uscite dall'ultimo mescolamento ({n} carte, fuori dal mazzo):",
                           "es": "Vistas desde que se barajó ({n} cartas, fuera del mazo):",
                           "fr": "Vues depuis le mélange ({n} cartes, hors du paquet) :"},
    "deck.card_none": {"en": "No decision flips with the count.",
                       "it": "Nessuna decisione cambia con il conteggio.",
                       "es": "Ninguna decisión cambia con la cuenta.",
                       "fr": "Aucune décision ne change avec le compte."},
    "deck.count_rule_part": {"en": "{tag} for each {kinds}", "it": "{tag} per ogni {kinds}",
                             "es": "{tag} por cada {kinds}", "fr": "{tag} pour chaque {kinds}"},
    "deck.unplayed_note": {"en": "A deck is shuffled again before a hand that could run out of "
                                 "cards: {n} cards of each deck on average are not dealt.",
                           "it": "Il mazzo si rimescola prima di una mano che potrebbe "
                                 "esaurire le carte: in media {n} carte di ogni mazzo non "
                                 "vengono distribuite.",
                           "es": "El mazo se vuelve a barajar antes de una mano que podría "
                                 "agotar las cartas: de media no se reparten {n} cartas de "
                                 "cada mazo.",
                           "fr": "Le paquet est remélangé avant une main qui pourrait épuiser "
                                 "les cartes : en moyenne {n} cartes de chaque paquet ne sont "
                                 "pas distribuées."},
    "deck.report_head": {"en": "Playing the deck down - {rules}; values per player-hand, per "
                               "unit stake, ± one standard error over deck cycles",
                         "it": "Giocare il mazzo fino in fondo - {rules}; valori per mano di "
                               "giocatore, per posta unitaria, ± un errore standard sui mazzi",
                         "es": "Jugar el mazo hasta el final - {rules}; valores por mano de "
                               "jugador, por unidad de apuesta, ± un error típico sobre los "
                               "mazos",
                         "fr": "Jouer le paquet jusqu'au bout - {rules} ; valeurs par main de "
                               "joueur, par unité de mise, ± une erreur type sur les paquets"},
    "deck.col_players": {"en": "players", "it": "giocatori", "es": "jugadores",
                         "fr": "joueurs"},
    "deck.col_banker": {"en": "banker", "it": "banco", "es": "banca", "fr": "banque"},
    "deck.col_cycles": {"en": "decks", "it": "mazzi", "es": "mazos", "fr": "paquets"},
    "deck.col_hands": {"en": "hands", "it": "mani", "es": "manos", "fr": "mains"},
    "deck.col_remember": {"en": "remembering", "it": "ricordando", "es": "recordando",
                          "fr": "en se souvenant"},
    "deck.col_forget": {"en": "forgetting", "it": "dimenticando", "es": "olvidando",
                        "fr": "en oubliant"},
    "deck.col_worth": {"en": "worth of remembering", "it": "valore del ricordare",
                       "es": "valor de recordar", "fr": "valeur du souvenir"},
    "deck.report_exact": {"en": "Each hand's value is exact for the cards left (threshold "
                                "bankers: fractions; the others: certified equilibria).",
                          "it": "Il valore di ogni mano è esatto per le carte rimaste (banchi "
                                "a soglia: frazioni; gli altri: equilibri certificati).",
                          "es": "El valor de cada mano es exacto para las cartas que quedan "
                                "(bancas de umbral: fracciones; las demás: equilibrios "
                                "certificados).",
                          "fr": "La valeur de chaque main est exacte pour les cartes restantes "
                                "(banques à seuil : fractions ; les autres : équilibres "
                                "certifiés)."},
    "deck.report_model": {"en": "The exact engine cannot value a hand across a reshuffle, so "
                                "these are the hands dealt before that point; the last, "
                                "thinnest decks, where remembering is worth most, are left "
                                "out (help: settemezzo deckdown -h).",
                          "it": "Il motore esatto non sa valutare una mano attraverso un "
                                "rimescolamento: sono le mani distribuite prima; gli ultimi "
                                "mazzi, i più sottili, dove ricordare vale di più, sono "
                                "esclusi (aiuto: settemezzo deckdown -h).",
                          "es": "El motor exacto no sabe valorar una mano a través de un "
                                "rebarajado: son las manos repartidas antes; los últimos "
                                "mazos, los más delgados, donde recordar vale más, quedan "
                                "fuera (ayuda: settemezzo deckdown -h).",
                          "fr": "Le moteur exact ne sait pas évaluer une main à travers un "
                                "remélange : ce sont les mains distribuées avant ; les "
                                "derniers paquets, les plus minces, où le souvenir vaut le "
                                "plus, sont laissés de côté (aide : settemezzo deckdown -h)."},
    "deck.report_run_outs": {"en": "At {players} players, {n} round(s) ran out of cards and "
                                   "went on from the reshuffled used cards (valued at the "
                                   "round's start).",
                             "it": "A {players} giocatori, {n} giro/i ha/hanno esaurito le "
                                   "carte ed è/sono proseguito/i con le carte usate "
                                   "rimescolate (valutato/i all'inizio del giro).",
                             "es": "Con {players} jugadores, {n} ronda(s) agotó/agotaron las "
                                   "cartas y siguió/siguieron con las cartas usadas "
                                   "rebarajadas (valorada(s) al empezar la ronda).",
                             "fr": "À {players} joueurs, {n} tour(s) a/ont épuisé les cartes "
                                   "et continué avec les cartes utilisées remélangées "
                                   "(évalué(s) au début du tour)."},
    "deck.report_count": {"en": "Count: {rule}; R² {r2} against the banker's edge; it keeps "
                                "{share} of the worth of remembering (banker stands on 5, "
                                "heads-up)",
                          "it": "Conteggio: {rule}; R² {r2} rispetto al vantaggio del banco; "
                                "conserva {share} del valore del ricordare (il banco sta a 5, "
                                "uno contro uno)",
                          "es": "Cuenta: {rule}; R² {r2} frente a la ventaja de la banca; "
                                "conserva {share} del valor de recordar (la banca se planta "
                                "en 5, mano a mano)",
                          "fr": "Compte : {rule} ; R² {r2} face à l'avantage de la banque ; "
                                "il garde {share} de la valeur du souvenir (la banque reste "
                                "à 5, en tête-à-tête)"},
}
_merge(_DECK_TEXT)


# -- the command line's text output (settemezzo.cli, cli_solve, cli_simulate, cli_chart) --------
_CLI_TEXT: dict[str, dict[str, str]] = {
    "cli.hand": _words("hand {hand}: {now}", "mano {hand}: {now}", "mano {hand}: {now}",
                       "main {hand} : {now}"),
    "cli.total_bust": _words("total {t}: bust, the turn is over",
                             "totale {t}: sballato, il turno è finito",
                             "total {t}: pasado, el turno ha terminado",
                             "total {t} : sauté, le tour est fini"),
    "cli.finished": _words("{score}, the turn is over", "{score}, il turno è finito",
                           "{score}, el turno ha terminado", "{score}, le tour est fini"),
    "cli.unseen": _words("unseen cards: {n}", "carte non viste: {n}", "cartas no vistas: {n}",
                         "cartes non vues : {n}"),
    "cli.next_card": _words("next card:", "prossima carta:", "siguiente carta:",
                            "carte suivante :"),
    "cli.count_of": _words("({n} of {total})", "({n} su {total})", "({n} de {total})",
                           "({n} sur {total})"),
    "cli.one_more": _words("one more card:", "una carta in più:", "una carta más:",
                           "une carte de plus :"),
    "cli.seven_half": _words("exactly 7½", "esattamente 7½", "exactamente 7½", "exactement 7½"),
    "cli.seven_half_or_pair": _words("exactly 7½ or a pair of sevens",
                                     "esattamente 7½ o una coppia di sette",
                                     "exactamente 7½ o una pareja de sietes",
                                     "exactement 7½ ou une paire de sept"),
    "cli.final_total": _words("final total ({policy}):", "totale finale ({policy}):",
                              "total final ({policy}):", "total final ({policy}) :"),
    "cli.hit_below": _words("hit below {k}, stand on {k} or more",
                            "carta sotto {k}, stai da {k} in su",
                            "pide por debajo de {k}, se planta desde {k}",
                            "tire sous {k}, reste à partir de {k}"),
    "cli.solve_head": _words("Rules: {rules} - heads-up, both sides playing an equilibrium",
                             "Regole: {rules} - uno contro uno, entrambi in equilibrio",
                             "Reglas: {rules} - uno contra uno, ambos en equilibrio",
                             "Règles : {rules} - en tête-à-tête, les deux en équilibre"),
    "cli.evaluate_head": _words("Rules: {rules}; player {player} against banker {banker}",
                                "Regole: {rules}; giocatore {player} contro banco {banker}",
                                "Reglas: {rules}; jugador {player} contra banca {banker}",
                                "Règles : {rules} ; joueur {player} contre banque {banker}"),
    "cli.best_reply": _words("best reply", "risposta migliore", "mejor respuesta",
                             "meilleure réponse"),
    "cli.label_seen": _words("Seen", "Viste", "Vistas", "Vues"),
    "cli.label_restricted": _words("Restricted", "Ristretto", "Restringido", "Restreint"),
    "cli.label_edge": _words("Banker's edge", "Vantaggio del banco", "Ventaja de la banca",
                             "Avantage de la banque"),
    "cli.label_value": _words("Player's value", "Valore del giocatore", "Valor del jugador",
                              "Valeur du joueur"),
    "cli.label_certificate": _words("Certificate", "Certificato", "Certificado", "Certificat"),
    "cli.seen": _words("{n} cards; deck left: {deck}", "{n} carte; resta il mazzo: {deck}",
                       "{n} cartas; queda el mazo: {deck}",
                       "{n} cartes ; reste du paquet : {deck}"),
    "cli.too_large": _words(
        "(the whole game is too large to solve exactly; see "
        "settemezzo.game.restriction_codes)",
        "(il gioco intero è troppo grande da risolvere esattamente; vedi "
        "settemezzo.game.restriction_codes)",
        "(el juego entero es demasiado grande para resolverlo exactamente; véase "
        "settemezzo.game.restriction_codes)",
        "(le jeu entier est trop grand pour être résolu exactement ; voir "
        "settemezzo.game.restriction_codes)"),
    "cli.edge_of_stake": _words("{p} of the stake per hand", "{p} della posta per mano",
                                "{p} de la apuesta por mano", "{p} de la mise par main"),
    "cli.edge_of_expected": _words("{p} of the expected stake ({s} chips per hand)",
                                   "{p} della posta attesa ({s} gettoni per mano)",
                                   "{p} de la apuesta esperada ({s} fichas por mano)",
                                   "{p} de la mise attendue ({s} jetons par main)"),
    "cli.edge_expected": _words("{p} of the expected stake", "{p} della posta attesa",
                                "{p} de la apuesta esperada", "{p} de la mise attendue"),
    "cli.stakes_per_hand": _words("{v} stakes per hand", "{v} poste per mano",
                                  "{v} apuestas por mano", "{v} mises par main"),
    "cli.chips_per_hand": _words("{v} chips per hand", "{v} gettoni per mano",
                                 "{v} fichas por mano", "{v} jetons par main"),
    "cli.chips_expected": _words("{v} chips per hand (expected stake {s})",
                                 "{v} gettoni per mano (posta attesa {s})",
                                 "{v} fichas por mano (apuesta esperada {s})",
                                 "{v} jetons par main (mise attendue {s})"),
    "cli.exactly": _words("{v}  (exactly {f})", "{v}  (esattamente {f})",
                          "{v}  (exactamente {f})", "{v}  (exactement {f})"),
    "cli.certificate": _words("the value lies in [{lo}, {hi}] (exploitability {x})",
                              "il valore sta in [{lo}; {hi}] (sfruttabilità {x})",
                              "el valor está en [{lo}; {hi}] (explotabilidad {x})",
                              "la valeur est dans [{lo} ; {hi}] (exploitabilité {x})"),
    "cli.subgames": _words(", and {n} subgames after a swap, each certified",
                           ", e {n} sottogiochi dopo uno scambio, ciascuno certificato",
                           ", y {n} subjuegos tras un cambio, cada uno certificado",
                           ", et {n} sous-jeux après un échange, chacun certifié"),
    "cli.solved_ahead": _words(
        "Solved ahead ({n} LP rounds{after}; shipped with the package), read in {s} s",
        "Risolto in anticipo ({n} giri di LP{after}; fornito col pacchetto), letto in {s} s",
        "Resuelto de antemano ({n} rondas de LP{after}; incluido en el paquete), leído en "
        "{s} s",
        "Résolu à l'avance ({n} tours de PL{after} ; fourni avec le paquet), lu en {s} s"),
    "cli.solved_in": _words("Solved in {s} s ({n} LP rounds{after})",
                            "Risolto in {s} s ({n} giri di LP{after})",
                            "Resuelto en {s} s ({n} rondas de LP{after})",
                            "Résolu en {s} s ({n} tours de PL{after})"),
    # progress bars of a long computation (`settemezzo.solved.progress`)
    "progress.player": _words("player table of {rules}", "tabella del giocatore, {rules}",
                              "tabla del jugador, {rules}", "table du joueur, {rules}"),
    "progress.banker": _words("banker table of {rules}", "tabella del banco, {rules}",
                              "tabla de la banca, {rules}", "table de la banque, {rules}"),
    "progress.edge": _words("banker's edge of {rules}", "vantaggio del banco, {rules}",
                            "ventaja de la banca, {rules}", "avantage de la banque, {rules}"),
    "progress.summary": _words("equilibrium of {rules}", "equilibrio, {rules}",
                               "equilibrio, {rules}", "équilibre, {rules}"),
    "progress.handout": _words("handout numbers of {rules}", "numeri della scheda, {rules}",
                               "números de la ficha, {rules}", "chiffres de la fiche, {rules}"),
    "progress.solving": _words("solving {rules}", "calcolo, {rules}", "cálculo, {rules}",
                               "calcul, {rules}"),
    "progress.elapsed": _words("{s} s (expected: about {total} s)",
                               "{s} s (previsti: circa {total} s)",
                               "{s} s (previstos: unos {total} s)",
                               "{s} s (prévu : environ {total} s)"),
    "cli.wrote": _words("wrote {path}", "scritto {path}", "escrito {path}", "écrit {path}"),
    "cli.wrote_page": _words("wrote {path} (1 page: {rules})", "scritto {path} (1 pagina: {rules})",
                             "escrito {path} (1 página: {rules})",
                             "écrit {path} (1 page : {rules})"),
    "cli.wrote_rows": _words("wrote {n} rows to {path}", "scritte {n} righe in {path}",
                             "escritas {n} filas en {path}", "écrit {n} lignes dans {path}"),
    "cli.col_variant": _words("variant", "variante", "variante", "variante"),
    "cli.col_method": _words("method", "metodo", "método", "méthode"),
    "cli.col_edge": _words("edge", "vantaggio", "ventaja", "avantage"),
    "cli.col_exploitability": _words("exploitability", "sfruttabilità", "explotabilidad",
                                     "exploitabilité"),
    "cli.col_note": _words("note", "nota", "nota", "note"),
    # the strategy tables' columns on the screen (settemezzo table; the CSV keeps the names)
    "cli.col_hole": _words("hole", "coperta", "tapada", "cachée"),
    "cli.col_up": _words("up", "scoperte", "descubiertas", "visibles"),
    "cli.col_n_up": _words("cards up", "n. scoperte", "n.º descubiertas", "nb visibles"),
    "cli.col_total": _words("total", "totale", "total", "total"),
    "cli.col_total_half": _words("half-points", "mezzi punti", "medios puntos", "demi-points"),
    "cli.col_deal_chance": _words("deal chance", "prob. carte", "prob. cartas", "prob. cartes"),
    "cli.col_own_reach": _words("own reach", "prob. scelte", "prob. decisiones", "prob. choix"),
    "cli.col_chart_reach": _words("chart weight", "peso grafico", "peso gráfico",
                                  "poids graphique"),
    "cli.col_bust_if_hit": _words("bust if hit", "sballa se carta", "se pasa si pide",
                                  "saute si tire"),
    "cli.col_seven_half_if_hit": _words("7½ if hit", "7½ se carta", "7½ si pide",
                                        "7½ si tire"),
    "cli.col_stand_win": _words("win if stand", "vince se sta", "gana si se planta",
                                "gagne si reste"),
    "cli.col_stand_ev": _words("gain if stand", "guadagno se sta", "ganancia si se planta",
                               "gain si reste"),
    "cli.col_hit_win": _words("win if hit", "vince se carta", "gana si pide", "gagne si tire"),
    "cli.col_hit_ev": _words("gain if hit", "guadagno se carta", "ganancia si pide",
                             "gain si tire"),
    "cli.col_best": _words("best", "migliore", "mejor", "meilleur"),
    "cli.col_hit_frequency": _words("hit frequency", "freq. carta", "frec. pedir",
                                    "fréq. tirer"),
    "cli.col_margin": _words("margin", "margine", "margen", "marge"),
    "cli.col_cost_of_mistake": _words("cost of a mistake", "costo dell'errore",
                                      "coste del error", "coût de l'erreur"),
    "cli.col_stake": _words("stake", "posta", "apuesta", "mise"),
    "cli.col_burnt": _words("burnt", "bruciata", "quemada", "brûlée"),
    "cli.col_swap_gain": _words("swap gain", "guadagno scambio", "ganancia cambio",
                                "gain échange"),
    "cli.col_swap_frequency": _words("swap frequency", "freq. scambio", "frec. cambio",
                                     "fréq. échange"),
    "cli.col_swapped": _words("swapped", "scambiate", "cambiadas", "échangées"),
    "cli.col_banker": _words("banker", "banco", "banca", "banque"),
    "cli.col_banker_total": _words("banker total", "totale banco", "total banca",
                                   "total banque"),
    "cli.col_banker_total_half": _words("banker half-points", "mezzi punti banco",
                                        "medios puntos banca", "demi-points banque"),
    "cli.col_hit_probability": _words("hit probability", "prob. carta", "prob. pedir",
                                      "prob. tirer"),
    "cli.col_stood_chance": _words("player stood", "prob. giocatore sta",
                                   "prob. jugador se planta", "prob. joueur reste"),
    "cli.col_p_hole": _words("P(hole {card})", "P(coperta {card})", "P(tapada {card})",
                             "P(cachée {card})"),
    # settemezzo simulate
    "sim.head": _words("Rules: {rules}; {n} player(s) and the banker; seed {seed}",
                       "Regole: {rules}; {n} giocatore/i e il banco; seme {seed}",
                       "Reglas: {rules}; {n} jugador(es) y la banca; semilla {seed}",
                       "Règles : {rules} ; {n} joueur(s) et la banque ; graine {seed}"),
    "sim.strategies": _words("Strategies: players {player}, banker {banker}",
                             "Strategie: giocatori {player}, banco {banker}",
                             "Estrategias: jugadores {player}, banca {banker}",
                             "Stratégies : joueurs {player}, banque {banker}"),
    "sim.seats": _words("; seats {seats}", "; posti {seats}", "; asientos {seats}",
                        " ; places {seats}"),
    "sim.chips": _words("Chips: {chips}; sessions of up to {n} hands",
                        "Gettoni: {chips}; partite di al massimo {n} mani",
                        "Fichas: {chips}; partidas de hasta {n} manos",
                        "Jetons : {chips} ; parties d'au plus {n} mains"),
    "sim.each": _words("{n} each", "{n} a testa", "{n} cada uno", "{n} chacun"),
    "sim.unlimited": _words("unlimited credit", "credito illimitato", "crédito ilimitado",
                            "crédit illimité"),
    "sim.played": _words("Played {hands} hands in {sessions} sessions, {s} s ({rate} hands/s; "
                         "{runner})",
                         "Giocate {hands} mani in {sessions} partite, {s} s ({rate} mani/s; "
                         "{runner})",
                         "Jugadas {hands} manos en {sessions} partidas, {s} s ({rate} manos/s; "
                         "{runner})",
                         "Joué {hands} mains en {sessions} parties, {s} s ({rate} mains/s ; "
                         "{runner})"),
    "sim.edge": _words("Banker's edge per player-hand: {e} ± {se} (the banker's gain per unit "
                       "staked, ± one standard error)",
                       "Vantaggio del banco per mano di giocatore: {e} ± {se} (il guadagno del "
                       "banco per unità puntata, ± un errore standard)",
                       "Ventaja de la banca por mano de jugador: {e} ± {se} (la ganancia de la "
                       "banca por unidad apostada, ± un error estándar)",
                       "Avantage de la banque par main de joueur : {e} ± {se} (le gain de la "
                       "banque par unité misée, ± une erreur type)"),
    "sim.m_gain": _words("banker gain per hand", "guadagno del banco per mano",
                         "ganancia de la banca por mano", "gain de la banque par main"),
    "sim.m_stakes": _words("stakes per hand", "poste per mano", "apuestas por mano",
                           "mises par main"),
    "sim.m_bust": _words("player hands bust", "mani di giocatore sballate",
                         "manos de jugador pasadas", "mains de joueur sautées"),
    "sim.m_seven_half": _words("player hands on 7½ or better", "mani di giocatore a 7½ o meglio",
                               "manos de jugador con 7½ o mejor",
                               "mains de joueur à 7½ ou mieux"),
    "sim.m_banker_bust": _words("banker busts (when it played)",
                                "il banco sballa (quando gioca)",
                                "la banca se pasa (cuando juega)",
                                "la banque saute (quand elle joue)"),
    "sim.m_tenure": _words("bank tenure (completed)", "durata del banco (conclusa)",
                           "duración de la banca (completa)", "durée de la banque (achevée)"),
    "sim.m_tenure_gain": _words("banker's gain per tenure", "guadagno del banco per turno di banco",
                                "ganancia de la banca por turno de banca",
                                "gain de la banque par tenue de la banque"),
    "sim.measure": _words("  {what}: {value}", "  {what}: {value}", "  {what}: {value}",
                          "  {what} : {value}"),
    "sim.u_chips": _words("chips", "gettoni", "fichas", "jetons"),
    "sim.u_hands": _words("hands", "mani", "manos", "mains"),
    "sim.by_position": _words("The banker's edge by playing position (1 = the banker's right):",
                              "Il vantaggio del banco per posizione di gioco (1 = a destra del "
                              "banco):",
                              "La ventaja de la banca por posición de juego (1 = a la derecha "
                              "de la banca):",
                              "L'avantage de la banque par position de jeu (1 = à droite de la "
                              "banque) :"),
    "sim.by_seat": _words("By seat (seat 0 holds the bank first; gains in chips per hand):",
                          "Per posto (il posto 0 tiene il banco per primo; guadagni in gettoni "
                          "per mano):",
                          "Por asiento (el asiento 0 tiene la banca primero; ganancias en "
                          "fichas por mano):",
                          "Par place (la place 0 tient la banque d'abord ; gains en jetons par "
                          "main) :"),
    "sim.seat": _words("  seat {seat}: as banker {banker} ({nb} hands), as player {player} "
                       "({np} hands)",
                       "  posto {seat}: da banco {banker} ({nb} mani), da giocatore {player} "
                       "({np} mani)",
                       "  asiento {seat}: de banca {banker} ({nb} manos), de jugador {player} "
                       "({np} manos)",
                       "  place {seat} : en banque {banker} ({nb} mains), en joueur {player} "
                       "({np} mains)"),
    "sim.wins": _words("; wins {w} ± {se}, ruin {ruin}", "; vince {w} ± {se}, rovina {ruin}",
                       "; gana {w} ± {se}, ruina {ruin}", " ; gagne {w} ± {se}, ruine {ruin}"),
    "sim.conserved": _words("Chips conserved: yes, after every hand",
                            "Gettoni conservati: sì, dopo ogni mano",
                            "Fichas conservadas: sí, tras cada mano",
                            "Jetons conservés : oui, après chaque main"),
    "sim.not_conserved": _words("Chips conserved: NO - a bug, please report",
                                "Gettoni conservati: NO - un errore, segnalatelo",
                                "Fichas conservadas: NO - un error, por favor avise",
                                "Jetons conservés : NON - un bogue, signalez-le"),
    "sim.exact": _words("Exact heads-up banker's edge: {e}; the simulation is {z} standard "
                        "errors away",
                        "Vantaggio esatto del banco uno contro uno: {e}; la simulazione dista "
                        "{z} errori standard",
                        "Ventaja exacta de la banca uno contra uno: {e}; la simulación está a "
                        "{z} errores estándar",
                        "Avantage exact de la banque en tête-à-tête : {e} ; la simulation est à "
                        "{z} erreurs types"),
    "sim.limited_note": _words("chips are limited (stakes capped, eliminations): use --chips "
                               "unlimited for a like-for-like comparison",
                               "i gettoni sono limitati (poste ridotte, eliminazioni): usa "
                               "--chips unlimited per un confronto alla pari",
                               "las fichas son limitadas (apuestas topadas, eliminaciones): use "
                               "--chips unlimited para comparar en igualdad",
                               "les jetons sont limités (mises plafonnées, éliminations) : "
                               "utilisez --chips unlimited pour comparer à égalité"),
}
"""The command line's words (part of `TEXT`)."""

_merge(_CLI_TEXT)


def check_lang(lang: str) -> str:
    """``lang`` if it is one of `LANGUAGES`, else `UnknownLanguageError` quoting it."""
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
    return lang


def t(key: str, lang: str = "en", **fields: object) -> str:
    """The text for ``key`` in ``lang`` (English if that language lacks it), filled in."""
    check_lang(lang)
    entry = TEXT[key]
    text = entry.get(lang, entry["en"])
    return text.format(**fields) if fields else text


_PERCENT_SIGN = {"en": "%", "it": "%", "es": "%", "fr": "\u202f%"}
"""How each language writes a percent sign (French: after a narrow no-break space)."""


def _missing(x: float | Fraction | None) -> bool:
    """Whether ``x`` is no number at all: None or NaN (a value not available)."""
    return x is None or (isinstance(x, float) and math.isnan(x))


def number(x: float | Fraction | None, lang: str = "en", digits: int = 2, sign: bool = False,
           *, typeset: bool = True, exponent: bool = False) -> str:
    """``x`` with ``digits`` decimals as ``lang`` writes it: a decimal comma outside English.

    ``sign`` always shows the sign ('+0.57'). ``typeset`` writes a true minus sign ('−', for
    charts, handouts and widgets); ``typeset=False`` keeps the ASCII hyphen of plain text
    (the command line, the advice sentence), so a terminal's output stays greppable. A value
    not available (None, NaN) is the word for it ('n/a', 'n.d.'). ``exponent`` writes it in
    scientific form ('2,1e-12', `scientific`).

    >>> number(-0.4241, "en", 3), number(0.5714, "it", 3, sign=True, typeset=False)
    ('−0.424', '+0,571')
    >>> number(None, "it"), percent(float("nan"), "es")
    ('n.d.', 'n/d')
    """
    check_lang(lang)
    if _missing(x):
        return t("word.not_available", lang)
    assert x is not None
    x = float(x)
    form = "e" if exponent else "f"
    text = f"{x:+.{digits}{form}}" if sign else f"{x:.{digits}{form}}"
    if lang != "en":
        text = text.replace(".", ",")
    return text.replace("-", "−") if typeset else text


def percent(p: float | Fraction | None, lang: str = "en", digits: int = 1, *,
            sign: bool = False, typeset: bool = True) -> str:
    """A probability or share as a percentage: '21.1%' (English), '21,1%' (Italian),
    '21,1 %' (French, with a narrow no-break space); the word for 'not available' where
    ``p`` is None or NaN (`number`).

    >>> percent(0.6923, "en", 0), percent(0.2113579, "fr") == "21,1\u202f%"
    ('69%', True)
    """
    if _missing(p):
        return number(None, lang)
    assert p is not None
    return number(100 * float(p), lang, digits, sign, typeset=typeset) + _PERCENT_SIGN[lang]


_THOUSANDS = {"en": ",", "it": ".", "es": ".", "fr": "\u202f"}
"""How each language groups the thousands of a whole number (French: a narrow no-break
space)."""


def whole(n: float, lang: str = "en") -> str:
    """A count rounded to a whole number, its thousands grouped as ``lang`` writes them:
    '1,000,005' (English), '1.000.005' (Italian, Spanish), '1 000 005' (French).

    >>> whole(1000005.4, "en"), whole(66667, "it")
    ('1,000,005', '66.667')
    """
    check_lang(lang)
    return f"{round(float(n)):,}".replace(",", _THOUSANDS[lang])


def stakes(x: float | Fraction, lang: str = "en", digits: int = 3) -> str:
    """A gain in stakes with its sign, as a sentence writes it: '+0.571', '-0.424' ('+0,571'
    in Italian)."""
    return number(x, lang, digits, sign=True, typeset=False)


def points(half_points: int) -> str:
    """'4½', '5', '½' for a total in half-points (the same in every language;
    `settemezzo.hands.points_label`)."""
    return points_label(half_points)


def score_label(score: int, lang: str = "en") -> str:
    """A finished hand's score (`settemezzo.hands.score`) in words: 'bust', '6½', 'royal 7½',
    'pair of sevens' (``sballato``, ``7½ reale``... in Italian).

    >>> score_label(13, "it"), score_label(0, "fr"), score_label(16, "es")
    ('6½', 'sauté', '7½ real')
    """
    if score == BUST:
        return t("score.bust", lang)
    if score == ROYAL:
        return t("score.royal", lang)
    if score == PAIR_OF_SEVENS:
        return t("score.pair_of_sevens", lang)
    check_lang(lang)
    return points_label(score)


def policy_label(name: str, lang: str = "en") -> str:
    """A banker policy name ('equilibrium', 'omniscient', 'threshold:5') in words."""
    return banker_words(name, "policy.", lang)


def method_label(name: str, lang: str = "en") -> str:
    """An edge method ('equilibrium', 'threshold:5', 'omniscient') in a few words."""
    return banker_words(name, "method.", lang)


def banker_words(name: str, space: str, lang: str = "en") -> str:
    """A banker policy (`settemezzo.policy`: threshold:K, equilibrium, omniscient, table) in
    the words of one family of keys: ``{space}threshold`` (its field ``k``: the threshold's
    `points`, '5½') or ``{space}KIND``; a name the grammar does not read, or a kind the family
    has no key for, as it is. The families: ``policy.`` (`policy_label`), ``method.``
    (`method_label`), ``advice.banker_`` (the widgets), ``class.banker_`` (the classroom),
    ``deck.banker_`` (the deck played down).

    >>> banker_words("threshold:5.5", "deck.banker_", "it"), banker_words("table", "deck.banker_")
    ('il banco sta a 5½', 'banker remembers and reads the player')
    >>> banker_words("table", "policy."), banker_words("psychic", "method.")
    ('table', 'psychic')
    """
    check_lang(lang)
    try:
        p = policy.parse(name)
    except policy.PolicyError:
        return name
    key = space + p.kind
    if key not in TEXT:
        return name
    return t(key, lang, k=points(p.k)) if p.kind == "threshold" else t(key, lang)


def scientific(x: float | None, lang: str = "en", digits: int = 1) -> str:
    """A small number such as a certificate's width, as ``lang`` writes it: '2.1e-12'
    ('2,1e-12' with a decimal comma), or the word for 'not available'.

    >>> scientific(2.0756e-12, "fr"), scientific(float("nan"), "en")
    ('2,1e-12', 'n/a')
    """
    return number(x, lang, digits, typeset=False, exponent=True)


def number_range(values: Iterable[float], lang: str = "en", digits: int = 1, *,
                 typeset: bool = True) -> str:
    """The smallest to the largest of ``values`` (`number`): '11,5-15,4', or one number
    where they agree.

    >>> number_range([15.31, 15.29], "it"), number_range([11.5, 15.4, 12.0], "en")
    ('15,3', '11.5-15.4')
    """
    xs = [float(x) for x in values]
    lo, hi = (number(f(xs), lang, digits, typeset=typeset) for f in (min, max))
    return lo if lo == hi else f"{lo}-{hi}"


def _banker_policy(name: str) -> policy.Policy | None:
    """The banker policy ``name`` as `settemezzo.policy` reads it (equilibrium, omniscient,
    threshold:K), or None for any other name."""
    try:
        return policy.parse(name, ("equilibrium", "omniscient", "threshold:K"))
    except policy.PolicyError:
        return None


RESTRICTION_CODES: tuple[str, ...] = ("resplit", "split_swap")
"""The codes of `settemezzo.game.restriction_codes`, each with a ``restricted.CODE`` label."""

_RESTRICTION_SIDES = ("edge", "value", "banker")


def restriction_what(codes: Sequence[str], lang: str = "en") -> str:
    """What a restricted game keeps the player from, in a few words: 'player kept to two
    hands and no swap inside a split hand' ("" for no code)."""
    check_lang(lang)
    parts = []
    for code in codes:
        if code not in RESTRICTION_CODES:
            raise ValueError(f"unknown restriction code {code!r}; expected one of "
                             f"{', '.join(RESTRICTION_CODES)}")
        parts.append(t(f"restricted.{code}", lang))
    return f" {t('restricted.and', lang)} ".join(parts)


def restriction_note(codes: Sequence[str], lang: str = "en", side: str = "edge") -> str:
    """The one line a chart, table or widget shows for a restricted game ("" for none).

    ``codes`` are `settemezzo.game.restriction_codes`; ``side`` says which bound the view
    shows: ``edge`` (the banker's edge is at most this), ``value`` (the player's values are
    at least these) or ``banker`` (the banker's play against that restricted player)."""
    if side not in _RESTRICTION_SIDES:
        raise ValueError(f"side must be one of {', '.join(_RESTRICTION_SIDES)}, got {side!r}")
    what = restriction_what(codes, lang)
    if not what:
        return ""
    return t(f"restricted.{side}", lang, what=what[0].upper() + what[1:])


def describe_rules(rules: Rules, lang: str = "en") -> str:
    """A rule set in a few words: its name, then each knob it changes from its preset
    (`settemezzo.rules.Rules.changes`), joined by " + "."""
    check_lang(lang)
    return " + ".join([rules_title(rules, lang),
                       *(rule_change(name, value, lang) for name, value in rules.changes())])


def rules_title(rules: Rules, lang: str = "en") -> str:
    """'Italian rules', 'regole spagnole', 'Club rules'."""
    if rules.name == rules.base.name:
        return t(f"rules.{rules.name.lower()}", lang)
    return t("rules.named", lang, name=rules.name)


def rule_change(name: str, value: object, lang: str = "en") -> str:
    """One knob set to ``value``, in words: 'royal 7½', 'no burning', 'bank rotates'."""
    k = knob(name)
    if k.type == "on/off":
        return t(k.label, lang) if value else t("knob.no", lang, what=t(k.label, lang))
    if k.name == "burn":
        assert isinstance(value, frozenset)
        cards = "/".join(str(x) for x in sorted(value))
        return t("knob.burn_on", lang, cards=cards) if value else t("knob.burn_off", lang)
    if k.name == "split_figures":
        return (t("knob.split_figures_off", lang) if value == k.off
                else t("knob.split_figures_on", lang, n=value))
    if k.name == "seven_half_pays":
        return t("knob.seven_half_pays_on", lang, n=value)
    if k.type == "choice":
        return t(f"{k.label}_{value}", lang)
    return t("knob.value", lang, label=t(k.label, lang), value=value)


def restriction_text(codes: Sequence[str], lang: str = "en", split_figures: int = 0) -> str:
    """What a restricted exact game keeps the player from, in a sentence ("" for no code):
    'the player never splits into more than two hands (split_figures=12 allows 12) and never
    swaps inside a split hand: the player's value is at least this (the banker's edge at most
    this)'. ``codes`` are `settemezzo.game.restriction_codes`; ``split_figures`` the rule
    set's, which the ``resplit`` words name."""
    check_lang(lang)
    parts = []
    for code in codes:
        if code not in RESTRICTION_CODES:
            raise ValueError(f"unknown restriction code {code!r}; expected one of "
                             f"{', '.join(RESTRICTION_CODES)}")
        parts.append(t(f"restricted.long_{code}", lang, **(
            {"n": split_figures} if code == "resplit" else {})))
    if not parts:
        return ""
    return t("restricted.long", lang, what=f" {t('restricted.and', lang)} ".join(parts))


def advice_hand(advice: Advice, lang: str = "en") -> str:
    """The hand an `settemezzo.tables.Advice` is about: 'face-down 7, up 1 ½', with the cards
    seen and the stake when there are any ('...; 2 cards seen, at a stake of 5 chips')."""
    if advice.up:
        hand = t("advice.hand", lang, hole=advice.hole, up=" ".join(advice.up))
    else:
        hand = t("advice.hand_none", lang, hole=advice.hole)
    if advice.seen:
        hand = t("advice.seen", lang, hand=hand, n=advice.seen)
    if advice.stake is not None:  # the stake the values are per unit of (chosen by the player)
        hand = t("advice.at_stake", lang, hand=hand, n=advice.stake)
    return hand


def _against(name: str, lang: str) -> str:
    """'against the threshold:5 banker' (in English the policy's own name, as
    `_banker_policy` reads it)."""
    p = _banker_policy(name)
    if p is None:
        return t("advice.against_other", lang, name=name)
    if p.kind == "threshold":
        return t("advice.against_threshold", lang, k=p.points)
    return t(f"advice.against_{p.kind}", lang)


def advice_sentence(advice: Advice, lang: str = "en") -> str:
    """Stand or hit, by how much, and the odds behind it, in one sentence (values per unit
    stake: "stakes")."""
    hand = advice_hand(advice, lang)
    ev = t("advice.ev_pair", lang, s=stakes(advice.stand_ev, lang),
           h=stakes(advice.hit_ev, lang))
    bust = t("advice.bust", lang, p=percent(advice.bust_if_hit, lang, 0, typeset=False))
    against = _against(advice.against, lang)
    if advice.tied:
        how = ""
        if advice.best == "mixed" and advice.hit_frequency is not None:
            how = t("advice.how_mixed", lang,
                    p=percent(advice.hit_frequency, lang, 0, typeset=False))
        elif advice.best in ("stand", "hit"):
            how = t("advice.how_pure", lang, play=t(f"advice.{advice.best}", lang))
        return t("advice.tie", lang, hand=hand, against=against, ev=ev, bust=bust, how=how)
    other = "advice.stand" if advice.best == "hit" else "advice.hit"
    return t("advice.best", lang, hand=hand, play=t(f"ui.{advice.best}", lang).upper(),
             m=number(abs(float(advice.margin)), lang, 3, typeset=False),
             other=t(other, lang), ev=ev, bust=bust, against=against)


def split_sentence(advice: Advice, lang: str = "en") -> str:
    """Under ``split_figures`` with two figures: split them or play on as one hand ("" when
    the hand cannot split)."""
    verdict = advice.split_verdict
    if verdict is None or advice.split_ev is None:
        return ""
    how = ("" if advice.split_frequency is None else t(
        "advice.split_how", lang, p=percent(advice.split_frequency, lang, 0, typeset=False)))
    keep = max(float(advice.stand_ev), float(advice.hit_ev))
    return t("advice.split", lang, verb=t(f"advice.split_{verdict}", lang),
             split=stakes(advice.split_ev, lang), keep=stakes(keep, lang), how=how)


def advice_text(advice: Advice, lang: str = "en") -> str:
    """The whole answer: `advice_sentence`, then `split_sentence` and the restriction of the
    exact game when there is one (what ``settemezzo advise`` prints)."""
    what = restriction_text(advice.restriction_codes, lang, advice.split_figures)
    restricted = t("advice.restricted", lang, what=what) if what else ""
    return " ".join(x for x in (advice_sentence(advice, lang), split_sentence(advice, lang),
                                restricted) if x)

