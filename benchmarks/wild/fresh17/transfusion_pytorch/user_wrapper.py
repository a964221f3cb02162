from torch import nn
from transfusion_pytorch import Transfusion


class ImageCaptioner(nn.Module):
    """Transfusion with a patch encoder/decoder pair around it (pre/post transformer)."""

    def __init__(self, patch=4, latent=32, dim=96):
        super().__init__()
        self.transfusion = Transfusion(
            num_text_tokens=300,
            dim_latent=latent,
            channel_first_latent=True,
            modality_default_shape=(4, 4),
            modality_encoder=nn.Conv2d(3, latent, patch, stride=patch),
            modality_decoder=nn.ConvTranspose2d(latent, 3, patch, stride=patch),
            add_pos_emb=True,
            modality_num_dim=2,
            transformer=dict(dim=dim, depth=2, heads=3, dim_head=32),
        )
        self.caption_head = nn.Linear(dim, 300)


model = ImageCaptioner()
