"""An app that registers a panel section the inbox already registered: start-up must stop."""
