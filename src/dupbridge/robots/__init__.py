"""Robots for empty seats: a documented bidding system that explains itself, and card play by
simulation (issue 14). A robot sees only its own seat's view of the table, as a person does.
"""
