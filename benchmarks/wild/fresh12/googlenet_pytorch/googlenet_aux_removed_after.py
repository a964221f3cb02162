"""GoogLeNet built with aux heads, which are deleted afterwards (set to None) before export."""

from googlenet_pytorch import GoogLeNet

model = GoogLeNet.from_name("googlenet", override_params={"num_classes": 12})
model.aux_logits = False
model.aux1 = None
model.aux2 = None
