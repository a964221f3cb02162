"""A monotonic regressor from UMNN: the integrand network and the offset/scale network."""

from UMNN import MonotonicNN

model = MonotonicNN(in_d=3, hidden_layers=[32, 32, 16], nb_steps=20, dev="cpu")
