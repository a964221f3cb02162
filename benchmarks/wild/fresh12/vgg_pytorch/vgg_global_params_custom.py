"""VGG from hand-built GlobalParams: configuration D without batch norm, 100 classes."""

from vgg_pytorch.model import VGG
from vgg_pytorch.utils import vggnet

params = vggnet(configure="D", image_size=64, batch_norm=False, dropout_rate=0.3, num_classes=100)
model = VGG(global_params=params)
