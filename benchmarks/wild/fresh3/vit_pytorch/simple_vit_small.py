from vit_pytorch import SimpleViT

model = SimpleViT(image_size=64, patch_size=8, num_classes=10, dim=256, depth=4, heads=8, mlp_dim=512)
