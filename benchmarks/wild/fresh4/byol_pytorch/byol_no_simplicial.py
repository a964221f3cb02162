from byol_pytorch import BYOL
from torchvision.models import mobilenet_v3_small

net = mobilenet_v3_small(weights=None, num_classes=100)
learner = BYOL(
    net,
    image_size=96,
    hidden_layer="avgpool",
    projection_size=64,
    projection_hidden_size=1024,
    use_simplicial_embeddings=False,
    moving_average_decay=0.996,
)
model = learner
