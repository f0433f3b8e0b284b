/**
 * The booking map (issue 42; docs/decisions/0019-address-map-and-travel.md): Leaflet, loaded only by the address
 * fields of the booking forms and the professional's base location (a chunk of its own, never on public
 * pages). Tap or click to place the pin, drag it to move it; `circleKm` draws a radius around the pin (the
 * professional's service radius).
 * Tiles come from the server's tile server (GET /api/map: MAP_TILE_URL, the local tile
 * simulator outside production); without tiles the map is blank but still places a pin.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MapConfig } from '@khedma/shared';
import type { GeoPoint } from '@khedma/shared/domain/travel';
import { api } from '../lib/api';

/** API paths of the map: where the tiles come from (the server says). */
const mapApiPaths = {
  config: '/api/map',
} as const;

const PIN_ICON = L.divIcon({
  className: '',
  html: '<span style="display:block;width:24px;height:24px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:#1d4ed8;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5)"></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 24],
});

/** Every move of the view happens at once (see the map's options below). */
const NO_ANIMATION = { animate: false } as const;

export default function AddressMap({
  center,
  pin,
  onPin,
  label,
  rtl,
  circleKm = null,
}: {
  center: GeoPoint;
  pin: GeoPoint | null;
  onPin: (point: GeoPoint) => void;
  label: string;
  rtl: boolean;
  /** A circle of this radius (km) around the pin; none when null. */
  circleKm?: number | null;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const circle = useRef<L.Circle | null>(null);
  const onPinRef = useRef(onPin);
  useEffect(() => {
    onPinRef.current = onPin;
  });
  // Where the tiles come from is the server's to say (one build for every environment).
  const tiles = useQuery({ queryKey: ['map-config'], queryFn: ({ signal }) => api.get<MapConfig>(mapApiPaths.config, { signal }), staleTime: Infinity });

  useEffect(() => {
    if (!container.current) return;
    // No animations: a zoom or pan still running when the map is removed (the language, hence the direction,
    // switching; leaving the page) fires Leaflet's transition end on a removed pane ("Cannot read properties
    // of undefined (reading '_leaflet_pos')", seen by address.spec), and a form's map on a low-end phone
    // gains nothing from them.
    const m = L.map(container.current, { zoomControl: false, zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false }).setView(
      pin ?? center,
      pin ? 16 : 12,
      NO_ANIMATION,
    );
    // Mirrored in Arabic: the zoom buttons sit at the start of the line.
    L.control.zoom({ position: rtl ? 'topright' : 'topleft' }).addTo(m);
    m.attributionControl.setPosition(rtl ? 'bottomleft' : 'bottomright');
    m.on('click', (e: L.LeafletMouseEvent) => onPinRef.current({ lat: e.latlng.lat, lng: e.latlng.lng }));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
      circle.current = null;
    };
    // The map is made once; the pin and centre follow below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rtl]);

  const tileUrl = tiles.data?.tileUrl;
  const attribution = tiles.data?.attribution;
  useEffect(() => {
    const m = map.current;
    if (!m || !tileUrl) return;
    // Leaflet sets the attribution as HTML: the server's text goes in as text.
    const text = document.createElement('span');
    text.textContent = attribution ?? '';
    const layer = L.tileLayer(tileUrl, { maxZoom: 19, attribution: text.innerHTML }).addTo(m);
    return () => {
      layer.remove();
    };
  }, [tileUrl, attribution, rtl]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      m.setView(center, 12, NO_ANIMATION);
      return;
    }
    if (!marker.current) {
      marker.current = L.marker(pin, { draggable: true, icon: PIN_ICON, keyboard: true, title: label }).addTo(m);
      marker.current.on('dragend', () => {
        const at = marker.current?.getLatLng();
        if (at) onPinRef.current({ lat: at.lat, lng: at.lng });
      });
    } else {
      marker.current.setLatLng(pin);
    }
    if (!m.getBounds().contains(pin)) m.setView(pin, 16, NO_ANIMATION);
  }, [pin, center, label]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!pin || !circleKm || circleKm <= 0) {
      circle.current?.remove();
      circle.current = null;
      return;
    }
    const radiusChanged = !circle.current || circle.current.getRadius() !== circleKm * 1000;
    if (!circle.current) {
      circle.current = L.circle(pin, { radius: circleKm * 1000, color: '#1d4ed8', weight: 2, fillOpacity: 0.08, interactive: false }).addTo(m);
    } else {
      circle.current.setLatLng(pin);
      circle.current.setRadius(circleKm * 1000);
    }
    // A new radius (or the first) is shown whole; moving the pin leaves the view where the finger is.
    if (radiusChanged) m.fitBounds(circle.current.getBounds(), { padding: [8, 8], ...NO_ANIMATION });
  }, [pin, circleKm]);

  return <div ref={container} role="application" aria-label={label} data-testid="address-map" className="h-64 w-full overflow-hidden rounded-xl border border-sand-300" />;
}
