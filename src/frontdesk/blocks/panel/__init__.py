"""The Block types section of the panel."""
