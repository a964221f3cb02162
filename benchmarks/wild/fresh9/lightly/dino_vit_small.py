import copy

from lightly.models.modules import DINOProjectionHead
from torch import nn
from torchvision.models.vision_transformer import VisionTransformer


class DINO(nn.Module):
    def __init__(self):
        super().__init__()
        vit = VisionTransformer(
            image_size=64, patch_size=8, num_layers=4, num_heads=4, hidden_dim=192, mlp_dim=768
        )
        vit.heads = nn.Identity()
        self.student_backbone = vit
        self.student_head = DINOProjectionHead(192, 512, 64, 2048, freeze_last_layer=1)
        self.teacher_backbone = copy.deepcopy(vit)
        self.teacher_head = DINOProjectionHead(192, 512, 64, 2048)


model = DINO()
