"""settemezzo: exact odds for Sette e mezzo and Siete y media."""
