import type { Locale } from '../locales';

/**
 * Guides' certifications as travellers read them in each language. Guides write them once, in
 * their own words (lib/db/schema.ts `certifications`); a name known here, in any of its three
 * forms, is shown in the page's language, others as written. Bodies are named as they name
 * themselves (IFMGA is UIAGM in French; Spanish uses both); a body's own name stays untranslated.
 */
const certifications: Record<Locale, string>[] = [
  { en: 'IFMGA/UIAGM', fr: 'UIAGM', es: 'UIAGM/IFMGA' },
  { en: 'IFMGA/UIAGM (via NNMGA)', fr: 'UIAGM (via la NNMGA)', es: 'UIAGM/IFMGA (a través de la NNMGA)' },
  { en: 'IFMGA/UIAGM mountain guides (ENSA)', fr: 'Guides de haute montagne UIAGM (ENSA)', es: 'Guías de alta montaña UIAGM/IFMGA (ENSA)' },
  {
    en: 'IFMGA/UIAGM (Swiss Mountain Guides Association SBV/ASGM)',
    fr: 'UIAGM (Association suisse des guides de montagne ASGM)',
    es: 'UIAGM/IFMGA (Asociación Suiza de Guías de Montaña SBV/ASGM)',
  },
  { en: 'Wilderness First Responder', fr: 'Secouriste en milieu isolé (Wilderness First Responder)', es: 'Socorrista en zonas remotas (Wilderness First Responder)' },
  { en: 'Wilderness First Responder (WFR)', fr: 'Secouriste en milieu isolé (Wilderness First Responder, WFR)', es: 'Socorrista en zonas remotas (Wilderness First Responder, WFR)' },
  { en: 'AEGM – Spanish Mountain Guides Association', fr: 'AEGM – Association espagnole des guides de montagne', es: 'AEGM – Asociación Española de Guías de Montaña' },
  { en: "French State mountain guide diploma (ENSA)", fr: "Diplôme d'État de guide de haute montagne (ENSA)", es: 'Diploma de Estado francés de guía de alta montaña (ENSA)' },
  { en: 'SNGM member', fr: 'Membre du SNGM', es: 'Miembro del SNGM' },
  { en: 'Norwegian Mountain Guide Association (NORTIND)', fr: 'Association norvégienne des guides de montagne (NORTIND)', es: 'Asociación Noruega de Guías de Montaña (NORTIND)' },
  { en: 'NORSI ski instructor diploma', fr: 'Diplôme de moniteur de ski NORSI', es: 'Diploma de profesor de esquí NORSI' },
  { en: 'British Mountain Guides (BMG)', fr: 'Guides de montagne britanniques (BMG)', es: 'Guías de Montaña Británicos (BMG)' },
  { en: 'Winter Mountain Leader', fr: 'Accompagnateur en montagne hivernale (Winter Mountain Leader)', es: 'Guía de montaña invernal (Winter Mountain Leader)' },
  { en: 'Certified mountain guide – CFAMM Tabant', fr: 'Guide de montagne diplômé – CFAMM Tabant', es: 'Guía de montaña titulado – CFAMM Tabant' },
  { en: 'UIMLA International Mountain Leader', fr: 'Accompagnateur en montagne international UIMLA', es: 'Guía de media montaña internacional UIMLA' },
  { en: 'UIMLA International Mountain Leaders', fr: 'Accompagnateurs en montagne internationaux UIMLA', es: 'Guías de media montaña internacionales UIMLA' },
  { en: 'KINAPA licensed guides', fr: 'Guides agréés par le KINAPA', es: 'Guías con licencia del KINAPA' },
  {
    en: 'KPAP partner company (Kilimanjaro Porters Assistance Project)',
    fr: 'Entreprise partenaire du KPAP (Kilimanjaro Porters Assistance Project)',
    es: 'Empresa colaboradora del KPAP (Kilimanjaro Porters Assistance Project)',
  },
  { en: 'Nepal Tourism Board licensed trekking agency', fr: 'Agence de trekking agréée par le Nepal Tourism Board', es: 'Agencia de trekking con licencia del Nepal Tourism Board' },
  { en: "TAAN (Trekking Agencies' Association of Nepal)", fr: 'TAAN (Association des agences de trekking du Népal)', es: 'TAAN (Asociación de Agencias de Trekking de Nepal)' },
  { en: 'Nepal Mountaineering Association', fr: "Association népalaise d'alpinisme (Nepal Mountaineering Association)", es: 'Asociación de Montañismo de Nepal (Nepal Mountaineering Association)' },
  {
    en: 'Nepal Mountaineering Association climbing guide',
    fr: "Guide d'ascension de l'Association népalaise d'alpinisme (Nepal Mountaineering Association)",
    es: 'Guía de escalada de la Asociación de Montañismo de Nepal (Nepal Mountaineering Association)',
  },
  { en: 'AGMP (Mountain Guides Association of Peru)', fr: 'AGMP (Association des guides de montagne du Pérou)', es: 'AGMP (Asociación de Guías de Montaña del Perú)' },
  { en: 'AAGM (Argentine Mountain Guides Association)', fr: 'AAGM (Association argentine des guides de montagne)', es: 'AAGM (Asociación Argentina de Guías de Montaña)' },
  {
    en: 'Licensed trekking guide – Los Glaciares National Park',
    fr: 'Guide de trekking agréé – parc national Los Glaciares',
    es: 'Guía de trekking habilitado – Parque Nacional Los Glaciares',
  },
  { en: 'ACMG Mountain Guide', fr: 'Guide de montagne ACMG', es: 'Guía de montaña ACMG' },
  { en: 'Avalanche Canada Avalanche Operations Level 2', fr: 'Avalanche Canada, opérations avalanche niveau 2', es: 'Avalanche Canada, operaciones de avalanchas nivel 2' },
  { en: 'NZMGA (New Zealand Mountain Guides Association)', fr: 'NZMGA (Association des guides de montagne de Nouvelle-Zélande)', es: 'NZMGA (Asociación de Guías de Montaña de Nueva Zelanda)' },
  { en: 'Qualmark-endorsed adventure activity operator', fr: "Prestataire d'activités d'aventure agréé Qualmark", es: 'Operador de actividades de aventura con sello Qualmark' },
  { en: 'Kyrgyz Association of Tour Operators', fr: 'Association kirghize des voyagistes', es: 'Asociación Kirguisa de Operadores Turísticos' },
  {
    en: 'KMGA (Kyrgyz Mountain Guides Association) trekking guide',
    fr: 'Guide de trekking KMGA (Association kirghize des guides de montagne)',
    es: 'Guía de trekking KMGA (Asociación Kirguisa de Guías de Montaña)',
  },
  { en: 'Avalanche Canada AST 2 (ski guides)', fr: 'Avalanche Canada AST 2 (guides de ski)', es: 'Avalanche Canada AST 2 (guías de esquí)' },
  { en: 'SAJ (Ski Association of Japan) certified instructors', fr: 'Moniteurs diplômés SAJ (Association de ski du Japon)', es: 'Instructores titulados SAJ (Asociación de Esquí de Japón)' },
  { en: 'JMGA ski guide', fr: 'Guide de ski JMGA', es: 'Guía de esquí JMGA' },
  { en: 'Japan Avalanche Network – avalanche course level 2', fr: 'Japan Avalanche Network – formation avalanche niveau 2', es: 'Japan Avalanche Network – curso de avalanchas nivel 2' },
  {
    en: 'Mountain guide (Collegio Nazionale Guide Alpine Italiane)',
    fr: 'Guide de haute montagne (Collegio Nazionale Guide Alpine Italiane)',
    es: 'Guía de alta montaña (Collegio Nazionale Guide Alpine Italiane)',
  },
  { en: 'Atout France registered travel agency', fr: 'Agence de voyages immatriculée auprès d’Atout France', es: 'Agencia de viajes registrada en Atout France' },
  { en: 'Swiss Snowsports ski instructors with federal diploma', fr: 'Professeurs de ski Swiss Snowsports avec brevet fédéral', es: 'Profesores de esquí Swiss Snowsports con diploma federal' },
  { en: 'Swiss avalanche training (SLF)', fr: 'Formation suisse aux avalanches (SLF)', es: 'Formación suiza en avalanchas (SLF)' },
  {
    en: 'State-certified mountain and ski guide (Austria)',
    fr: "Guide de montagne et de ski diplômé d'État (Autriche)",
    es: 'Guía de montaña y esquí con título estatal (Austria)',
  },
  { en: 'Member of the Tiroler Bergsportführerverband', fr: 'Membre du Tiroler Bergsportführerverband', es: 'Miembro del Tiroler Bergsportführerverband' },
];

/** The names as guides wrote them in the demo catalogue, where that is none of the three forms above. */
const writtenAs: Record<string, string> = {
  'AEGM – Asociación Española de Guías de Montaña': 'AEGM – Spanish Mountain Guides Association',
  'Guide de montagne diplômé – CFAMM Tabant': 'Certified mountain guide – CFAMM Tabant',
  'AGMP (Asociación de Guías de Montaña del Perú)': 'AGMP (Mountain Guides Association of Peru)',
  'AAGM (Asociación Argentina de Guías de Montaña)': 'AAGM (Argentine Mountain Guides Association)',
  'Guía de trekking habilitado – Parque Nacional Los Glaciares': 'Licensed trekking guide – Los Glaciares National Park',
  'Guida alpina (Collegio Nazionale Guide Alpine Italiane)': 'Mountain guide (Collegio Nazionale Guide Alpine Italiane)',
  'Staatlich geprüfter Berg- und Skiführer (Austria)': 'State-certified mountain and ski guide (Austria)',
  'Tiroler Bergsportführerverband member': 'Member of the Tiroler Bergsportführerverband',
};

const byName = new Map<string, Record<Locale, string>>();
for (const names of certifications) for (const name of Object.values(names)) byName.set(name.toLowerCase(), names);
for (const [written, en] of Object.entries(writtenAs)) byName.set(written.toLowerCase(), byName.get(en.toLowerCase())!);

/** A certification in `locale` when its name is known there, else as the guide wrote it. */
export function localizedCertification(name: string, locale: Locale): string {
  return byName.get(name.trim().toLowerCase())?.[locale] ?? name;
}
