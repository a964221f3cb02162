from nnts.torch.models.nbeats import Hyperparams, NBeats

hp = Hyperparams(theta_size=12, num_stacks=3, num_layers=2, layer_size=48)
model = NBeats(h=6, input_size=24, configs=hp)
