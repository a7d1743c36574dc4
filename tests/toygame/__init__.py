"""Toy tricks: a tiny trick-taking game that exists only to prove the generic harness.

Each player gets four cards from a 16-card deck (J Q K A of four suits), discards one face
down, and three tricks are played without trumps, following suit. Each trick is worth one
point from each other player. Between deals any seat may double the stake of the next deal.
"""
