"""SimCLR-style contrastive learner around a torchvision ResNet-18 (random init)."""

from contrastive_learner import ContrastiveLearner
from torchvision import models

resnet = models.resnet18(weights=None)

model = ContrastiveLearner(
    resnet,
    image_size=96,
    hidden_layer="avgpool",
    project_hidden=True,
    project_dim=128,
    use_nt_xent_loss=True,
    temperature=0.1,
)
