import { describe, expect, it } from 'vitest';
import { parseM3u } from './m3u';
import { parseXmltv, parseXmltvTime } from './xmltv';

const XMLTV = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv generator-info-name="prueba">
  <channel id="uno.es"><display-name lang="es">Pantalla Uno</display-name><icon src="https://img.example/uno.png"/></channel>
  <channel id="nuevo.es"><display-name>Canal Nuevo</display-name></channel>
  <!-- un comentario -->
  <programme start="20261122200000 +0100" stop="20261122213000 +0100" channel="uno.es">
    <title lang="en">News</title><title lang="es">Telediario &amp; más</title>
    <sub-title lang="es">Edición de noche</sub-title>
    <desc lang="es"><![CDATA[Las <noticias> del día]]></desc>
    <credits><director>Ana Gil</director><actor role="presentadora">Marta Ruiz</actor><actor>Luis Sanz</actor></credits>
    <date>2026</date><category lang="es">Informativos</category><country>ES</country>
    <episode-num system="xmltv_ns">1.4.</episode-num>
    <icon src="https://img.example/td.jpg"/>
    <rating system="ES"><value>+16</value></rating>
  </programme>
  <programme start="20261122211500 +0100" stop="20261122230000 +0100" channel="uno.es"><title>Cine</title></programme>
  <programme start="20261122230000 +0100" channel="uno.es"><title>Sin fin conocido</title></programme>
  <programme start="20261123000000 +0100" stop="20261123010000 +0100" channel="uno.es"><title>Madrugada</title></programme>
</tv>`;

describe('XMLTV', () => {
  it('reads times with offsets, seconds optional, UTC by default', () => {
    expect(parseXmltvTime('20261122200000 +0100')).toBe(Date.UTC(2026, 10, 22, 19, 0, 0));
    expect(parseXmltvTime('202611222000 -0230')).toBe(Date.UTC(2026, 10, 22, 22, 30, 0));
    expect(parseXmltvTime('20261122200000')).toBe(Date.UTC(2026, 10, 22, 20, 0, 0));
    expect(parseXmltvTime('20261322200000')).toBeNull();
    expect(parseXmltvTime('mañana')).toBeNull();
  });

  it('parses channels and programmes with every listed field and trims overlaps', () => {
    const guide = parseXmltv(XMLTV);
    expect(guide.channels.map((c) => c.id)).toEqual(['uno.es', 'nuevo.es']);
    expect(guide.channels[0]?.icon).toBe('https://img.example/uno.png');
    const [news, cine, open, late] = guide.programmes;
    expect(news).toMatchObject({
      title: 'Telediario & más',
      subTitle: 'Edición de noche',
      desc: 'Las <noticias> del día',
      directors: ['Ana Gil'],
      actors: ['Marta Ruiz', 'Luis Sanz'],
      year: 2026,
      categories: ['Informativos'],
      country: 'ES',
      rating: '+16',
      icon: 'https://img.example/td.jpg',
      episodeNum: 'T2 E5',
      start: Date.UTC(2026, 10, 22, 19),
    });
    // The news overlapped the film by 15 minutes: it now ends when the film starts.
    expect(news?.stop).toBe(cine?.start);
    expect(guide.trimmed).toBe(1);
    // A programme without stop ends when the next one starts.
    expect(open?.stop).toBe(late?.start);
  });

  it.each([
    [
      '<tv><programme channel="a" start="20261122200000"><title>x</title></programme>',
      'Línea 1: el archivo termina sin cerrar <tv>',
    ],
    [
      '<tv><programme channel="a" start="20261122200000"><title>x</title></programme',
      'Línea 1: el archivo termina dentro de <programme>',
    ],
    ['<tv>\n<programme channel="a"><title>x</title></programme>\n</tv>', 'Línea 2: <programme> sin atributo start'],
    [
      '<tv>\n\n<programme channel="a" start="2026133"><title>x</title></programme></tv>',
      'Línea 3: hora de inicio no válida',
    ],
    ['<tv>\n<programme channel="a" start="20261122200000"></programme></tv>', 'Línea 2: <programme> sin <title>'],
    [
      '<tv>\n<channel id="a"><display-name>A</display-name></channel>\n<channel id="a"><display-name>A</display-name></channel></tv>',
      'Línea 3: canal "a" repetido',
    ],
    ['<guide></guide>', 'Línea 1: no es una guía XMLTV: el elemento raíz es <guide>, no <tv>'],
    [
      '<tv>\n<programme channel="a" start="20261122200000"><title>a &bogus; b</title></programme></tv>',
      'Línea 2: entidad XML desconocida',
    ],
    [
      '<tv>\n<programme channel="a" start="20261122200000"><title>a &#x110000; b</title></programme></tv>',
      'Línea 2: <programme> con XML mal formado: referencia de carácter no válida',
    ],
    ['<tv>\n<a></b></tv>', 'Línea 2: etiqueta de cierre que no corresponde'],
    ['', 'Línea 1: el archivo no contiene un documento XML'],
  ])('refuses %j whole, naming the line', (source, message) => {
    expect(() => parseXmltv(source)).toThrow(message);
  });

  it('takes what the DTD allows that it refused before', () => {
    const guide = parseXmltv(
      '<tv>\n<programme channel="a" start="2026" stop="202601010200 BST"><title>Año&nbsp;nuevo</title></programme>\n' +
        '<programme channel="a" start="20260101010000 +0000" stop="20260101000000 +0000"><title>Sin fin</title><length units="minutes">30</length></programme>\n</tv>',
    );
    expect(guide.programmes.map((p) => [p.title, p.start, p.stop])).toEqual([
      ['Año\u00a0nuevo', Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1, 1)],
      ['Sin fin', Date.UTC(2026, 0, 1, 1), Date.UTC(2026, 0, 1, 1, 30)],
    ]);
    expect(guide.warnings).toEqual([
      'Línea 3: la hora de fin no es posterior a la de inicio; el programa termina cuando empieza el siguiente.',
    ]);
  });
});

const M3U = `#EXTM3U url-tvg="https://guia.example/epg.xml"
#EXTINF:-1 tvg-id="uno.es" tvg-name="Pantalla Uno" tvg-logo="https://img.example/uno.png" group-title="Generalistas" catchup="default" catchup-days="7" catchup-source="?utc={utc}&lutc={lutc}",Pantalla Uno HD
https://cdn.example/uno/manifest.mpd
#EXTINF:-1 tvg-name="Canal, con coma" group-title="Música",Canal, con coma
#EXTVLCOPT:http-user-agent=Pantalla
https://cdn.example/coma/index.m3u8
`;

describe('M3U', () => {
  it('parses the #EXTINF attributes and the stream URL', () => {
    const [uno, coma] = parseM3u(M3U);
    expect(uno).toMatchObject({
      tvgId: 'uno.es',
      tvgName: 'Pantalla Uno',
      name: 'Pantalla Uno HD',
      logo: 'https://img.example/uno.png',
      group: 'Generalistas',
      catchup: 'default',
      catchupDays: 7,
      catchupSource: '?utc={utc}&lutc={lutc}',
      url: 'https://cdn.example/uno/manifest.mpd',
      protocol: 'dash',
      line: 2,
    });
    expect(coma).toMatchObject({ tvgId: null, name: 'Canal, con coma', protocol: 'hls', group: 'Música' });
  });

  it.each([
    ['#EXTINF:-1,A\nhttps://a/x.m3u8', 'Línea 1: falta la cabecera #EXTM3U'],
    ['<?xml version="1.0"?><tv></tv>', 'Línea 1: no es una lista M3U'],
    ['#EXTM3U\n#EXTINF:-1 tvg-id="a,A\nhttps://a/x.m3u8', 'Línea 2: atributo con comillas sin cerrar'],
    ['#EXTM3U\n#EXTINF:-1\nhttps://a/x.m3u8', 'Línea 2: canal sin nombre'],
    ['#EXTM3U\nhttps://a/x.m3u8', 'Línea 2: URL sin #EXTINF delante'],
    ['#EXTM3U\n#EXTINF:-1,A\n#EXTINF:-1,B\nhttps://a/x.m3u8', 'Línea 2: #EXTINF sin URL'],
    ['#EXTM3U\n#EXTINF:-1,A\nftp://a/x.m3u8', 'Línea 3: el navegador no puede reproducir "ftp:"'],
    [
      '#EXTM3U\n#EXTINF:-1 catchup-days="siete",A\nhttps://a/x.m3u8',
      'Línea 2: catchup-days "siete" no es un número de días',
    ],
    ['#EXTM3U\n#EXTINF:-1,A', 'Línea 2: #EXTINF sin URL al final'],
  ])('refuses %j naming the line', (source, message) => {
    expect(() => parseM3u(source)).toThrow(message);
  });

  it('takes entries sharing a tvg-id as one channel, the first stream playing', () => {
    const entries = parseM3u(
      '#EXTM3U\n#EXTINF:-1 tvg-id="a",A (1080p)\nhttps://a/1.m3u8\n#EXTINF:-1 tvg-id="a",A (720p) [Geo-blocked]\nhttps://a/2.m3u8',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tvgId: 'a', name: 'A', url: 'https://a/1.m3u8', line: 2 });
  });
});
