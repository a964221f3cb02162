# magnitude pruning re-parametrises weight as weight_orig * weight_mask (a buffer); then one is made permanent
import torch.nn as nn
import torch.nn.utils.prune as prune

model = nn.Sequential(
    nn.Conv2d(1, 20, 5),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Conv2d(20, 50, 5),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Flatten(),
    nn.Linear(800, 500),
    nn.ReLU(),
    nn.Linear(500, 10),
)
for m in model:
    if isinstance(m, (nn.Conv2d, nn.Linear)):
        prune.l1_unstructured(m, name="weight", amount=0.3)
prune.random_unstructured(model[7], name="bias", amount=0.5)
prune.remove(model[0], "weight")
