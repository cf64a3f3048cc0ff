"""What every chart shares (`settemezzo.plots.style`): the restriction codes of a table."""

from __future__ import annotations

import pandas as pd
import pytest

from settemezzo import plots
from settemezzo.game import restriction_codes
from settemezzo.i18n import (
    describe_rules,
)
from settemezzo.plots.style import codes_of_spec
from settemezzo.rules import ITALIAN, SPANISH, Rules


@pytest.mark.parametrize("rules", [
    ITALIAN, SPANISH, ITALIAN.with_variants("split_figures=3"),
    ITALIAN.with_variants("split_figures=2", "swap_hidden"),
    SPANISH.with_variants("split_figures=2"), SPANISH.with_variants("swap_hidden=off"),
    SPANISH.with_variants("split_figures=off"), ITALIAN.with_variants("swap_hidden")])
def test_restriction_codes_from_a_spec(rules: Rules) -> None:
    # a table without its restriction codes still gets its note, from the rules' spec
    assert codes_of_spec(rules.spec()) == restriction_codes(rules)
    df = pd.DataFrame({"x": [1]})
    df.attrs["rules_spec"] = rules.spec()
    assert plots.restriction_codes_of(df) == restriction_codes(rules)
    # nothing reads English back into rules: a description alone gives no codes
    df.attrs = {"rules": describe_rules(rules)}
    assert plots.restriction_codes_of(df) == ()

