"""torchvision: models_googlenet (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.googlenet(weights=None, num_classes=10, aux_logits=False, init_weights=True)
