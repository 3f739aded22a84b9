enum TeletypeLayoutPlaceholder {}
