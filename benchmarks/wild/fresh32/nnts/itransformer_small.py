import dataclasses

from nnts.torch.models.itransformer import Hyperparams, iTransformer

base = Hyperparams(freq="h", d_model=32, n_heads=4, d_ff=64, e_layers=2)
configs = dataclasses.replace(base, e_layers=3, activation="relu")
model = iTransformer(context_length=48, prediction_length=12, configs=configs)
