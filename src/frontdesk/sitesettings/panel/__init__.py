"""The settings groups' panel pages: the list of groups and one group's form, read through
`sitesettings.reading`, changed through the panel JSON API (`sitesettings.api`)."""
