"""A NeuralField (neuralfields) with 5 inputs, 40 potentials and 3 outputs."""

from neuralfields import NeuralField

model = NeuralField(input_size=5, hidden_size=40, output_size=3)
