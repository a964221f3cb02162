"""A Kolmogorov-Arnold network (pykan) for symbolic regression, 2 -> 5 -> 1."""

from kan import KAN

model = KAN(width=[2, 5, 1], grid=5, k=3, seed=0, auto_save=False, save_act=False)
