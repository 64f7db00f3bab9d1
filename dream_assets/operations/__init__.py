"""What an operator does to an agent between cycles: review decisions, restore and undo."""
