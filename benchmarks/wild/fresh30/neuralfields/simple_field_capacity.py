"""A SimpleNeuralField (neuralfields) with the capacity-21 potential dynamics, 4 inputs and 6 outputs."""

from neuralfields import SimpleNeuralField, pd_capacity_21

model = SimpleNeuralField(input_size=4, output_size=6, potentials_dyn_fcn=pd_capacity_21)
