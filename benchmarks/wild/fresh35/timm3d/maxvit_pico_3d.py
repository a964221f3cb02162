import timm_3d

model = timm_3d.create_model(
    "maxvit_rmlp_pico_rw_256", pretrained=False, in_chans=1, num_classes=4, img_size=(64, 64, 64)
)
