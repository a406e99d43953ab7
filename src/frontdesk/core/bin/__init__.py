"""The bin: soft deletion for every app (docs/host.md, "The bin").

`models.Binnable` gives a model its two columns and managers, `registry` says which models have a
bin and who may use it, `operations` holds the rules every door calls.
"""
