// sw
