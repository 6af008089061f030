"""Kapsa: the runtime every game shares. No game rules live here."""
