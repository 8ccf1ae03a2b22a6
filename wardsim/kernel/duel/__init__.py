"""The duel engine: one battle of two creatures, strike by strike, and batches of duels (numba)."""
