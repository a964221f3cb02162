"""CEBRA encoders picked from its model registry by name, for neural recordings of two sizes."""

import cebra.models

n_neurons = 120
model = cebra.models.init("offset10-model", num_neurons=n_neurons, num_units=32, num_output=8)
