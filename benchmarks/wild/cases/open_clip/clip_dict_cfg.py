"""open_clip: clip_dict_cfg (wild-code corpus, benchmarks/wild)."""

from open_clip.model import CLIP

vision = dict(layers=2, width=32, patch_size=8, image_size=32, head_width=16)
text = dict(context_length=16, vocab_size=64, width=32, heads=2, layers=1)
model = CLIP(embed_dim=32, vision_cfg=vision, text_cfg=text)
