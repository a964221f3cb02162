"""GoogLeNet by name without the auxiliary classifiers."""

from googlenet_pytorch import GoogLeNet

model = GoogLeNet.from_name("googlenet", override_params={"aux_logits": False, "num_classes": 20})
