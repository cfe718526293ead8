"""Importers for the seed lists the catalog was founded from.

They run once to draft data/resources/; after that the YAML, edited by hand, is the
source of truth. They stay in the package so the first import can be reproduced and
checked (tests assert the catalog still covers every entry of the guide).
"""
