# torch.nn.utils.prune on two layers: weight becomes weight_orig (a Parameter) + weight_mask (a buffer)
import torch.nn as nn
import torch.nn.utils.prune as prune

model = nn.Sequential(
    nn.Linear(784, 300), nn.ReLU(), nn.Linear(300, 100), nn.ReLU(), nn.Linear(100, 10)
)
prune.l1_unstructured(model[0], name="weight", amount=0.5)
prune.random_unstructured(model[2], name="bias", amount=0.3)
